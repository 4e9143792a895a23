import type pg from 'pg';

export interface ArchivedTable {
  /** `schema.table`, each part quoted as needed. */
  relation: string;
  columns: string[];
}

/**
 * The tables a backup holds: every table of the schemas the owner created (events, read models, sessions,
 * email state, documents, settings), not the migrations' own bookkeeping (the restore applies migrations
 * itself), nor the scratch copies a rebuild or verify of the read models makes (`rm_*`). Generated
 * columns are left out: the restore computes them. In an order the foreign keys allow to load.
 */
export async function archivedTables(db: pg.ClientBase): Promise<ArchivedTable[]> {
  const { rows } = await db.query<{ relation: string; columns: string[]; parents: string[] }>(
    `select format('%I.%I', n.nspname, c.relname) as relation,
            array(select a.attname::text from pg_attribute a
                   where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                   order by a.attnum) as columns,
            array(select format('%I.%I', pn.nspname, p.relname) from pg_constraint k
                    join pg_class p on p.oid = k.confrelid join pg_namespace pn on pn.oid = p.relnamespace
                   where k.conrelid = c.oid and k.contype = 'f' and k.confrelid <> c.oid) as parents
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relispartition
        and n.nspowner = (select oid from pg_roles where rolname = current_user)
        and n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema' and n.nspname not like 'rm\\_%'
        and not (n.nspname = 'public' and c.relname = 'pgmigrations')
      order by 1`,
  );
  const ordered: ArchivedTable[] = [];
  const placed = new Set<string>();
  const place = (relation: string, path: Set<string>) => {
    const row = rows.find((candidate) => candidate.relation === relation);
    if (!row || placed.has(relation) || path.has(relation)) return;
    path.add(relation);
    for (const parent of row.parents) place(parent, path);
    placed.add(relation);
    ordered.push({ relation, columns: row.columns });
  };
  for (const row of rows) place(row.relation, new Set());
  return ordered;
}

export const columnList = (columns: readonly string[]) =>
  columns.map((column) => `"${column.replaceAll('"', '""')}"`).join(', ');
