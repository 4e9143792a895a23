-- Up Migration
create schema if not exists rm;

-- One row per follower (projector, notifier): how far it has applied the event stream.
create table rm.checkpoints (
  name text primary key,
  tx bigint not null default 0,
  position bigint not null default 0,
  updated_at timestamptz not null default now()
);

create table rm.orders (
  order_number text primary key,
  order_id text not null,
  customer_email text not null,
  customer_name text not null,
  customer_phone text,
  order_date text not null,
  status text not null,
  shipping_address jsonb,
  billing_address jsonb,
  subtotal bigint not null,
  shipping bigint not null,
  tax bigint not null,
  total bigint not null,
  amount_paid bigint not null,
  amount_remaining bigint not null,
  tracking_number text,
  estimated_delivery text,
  customer_notes text,
  fitter_notes text,
  squarespace_order_id text,
  item_count integer not null default 0,
  admin_status text not null default 'order_being_processed',
  complete boolean not null default false,
  all_etas_added boolean not null default false,
  delivered_at text,
  version integer not null,
  created_at text not null,
  updated_at text not null
);
create index orders_customer_email_idx on rm.orders (lower(customer_email));

create table rm.order_items (
  id text primary key,
  order_number text not null references rm.orders (order_number) on delete cascade,
  ordinal integer not null,
  name text not null,
  sku text not null,
  price bigint not null,
  quantity integer not null,
  image_url text,
  document_url text,
  manufacturer text,
  estimated_delivery text,
  status text not null
);
create index order_items_order_idx on rm.order_items (order_number, ordinal);

-- The event stream, rendered for people: one row per event a customer may read.
create table rm.order_timeline (
  id text primary key,
  order_number text not null,
  version integer not null,
  status text,
  timestamp text not null,
  title text not null,
  description text,
  event_type text not null,
  actor text not null,
  customer_visible boolean not null
);
create index order_timeline_order_idx on rm.order_timeline (order_number, version);

-- The customers directory for add-order search: the latest details seen per email.
create table rm.customers (
  email_lower text primary key,
  customer_email text not null,
  customer_name text not null,
  customer_phone text,
  shipping_address jsonb,
  billing_address jsonb,
  updated_at text not null
);
create index customers_name_idx on rm.customers (lower(customer_name) text_pattern_ops);
create index customers_email_idx on rm.customers (email_lower text_pattern_ops);

-- Down Migration
drop schema rm cascade;
