-- Up Migration
-- `projections:verify` used to keep a few differing rows as their text, and `audit:verify` a broken stream
-- by a name that may hold an email: personal data in a record that outlives an erasure. Those checks now
-- keep keys, positions and digests only; the samples recorded before are dropped.
-- (A database whose audit schema came later has none to drop.)
do $migration$
begin
  if to_regclass('audit.verifications') is null then
    return;
  end if;
  update audit.verifications v
     set details = jsonb_set(
           v.details,
           '{tables}',
           (select coalesce(jsonb_agg(t || '{"onlyLive": [], "onlyRebuilt": []}'::jsonb order by n), '[]'::jsonb)
              from jsonb_array_elements(v.details -> 'tables') with ordinality as e (t, n)))
   where v.kind = 'read-models' and jsonb_typeof(v.details -> 'tables') = 'array';

  update audit.verifications v
     set details = jsonb_set(
           v.details,
           '{broken}',
           (select coalesce(jsonb_agg(
                     case when b ->> 'stream' like '%@%'
                          then jsonb_set(b, '{stream}', to_jsonb(split_part(b ->> 'stream', '-', 1) || '-(named by email)'))
                          else b end
                     order by n), '[]'::jsonb)
              from jsonb_array_elements(v.details -> 'broken') with ordinality as e (b, n)))
   where v.kind = 'events' and jsonb_typeof(v.details -> 'broken') = 'array';
end
$migration$;

-- Down Migration
-- (Nothing to restore: the samples are gone.)
