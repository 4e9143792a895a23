-- Up Migration
-- Uploaded spec sheets live in the database, so a backup holds them and every instance of the services
-- sees the same ones. The bytes are split into chunks (written and read one at a time, never a whole
-- document in memory), and the document's SHA-256 is kept beside its record:
-- a damaged row is found on read and refused rather than served.
create schema if not exists documents;

create table documents.documents (
  id text primary key,
  order_number text not null,
  file_name text not null,
  content_type text not null,
  size bigint not null,
  chunks integer not null,
  sha256 bytea not null,
  uploaded_at timestamptz not null,
  uploaded_by text not null
);
create index documents_order_number_idx on documents.documents (order_number);

-- Written before their document's row, in the same transaction; no foreign key, so a chunk can be
-- inserted as it arrives, before the record it belongs to is known.
create table documents.chunks (
  document_id text not null,
  seq integer not null,
  bytes bytea not null,
  primary key (document_id, seq)
);
-- The bytes are compressed PDFs already: stored as they are, not compressed again.
alter table documents.chunks alter column bytes set storage external;

-- Down Migration
drop schema documents cascade;
