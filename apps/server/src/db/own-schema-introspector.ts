import {
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type Kysely,
  PostgresDialect,
  PostgresIntrospector,
  sql,
  type TableMetadata,
} from 'kysely';

type IntrospectedDb = Parameters<PostgresDialect['createIntrospector']>[0];

/**
 * Tables of the connection's own schema only (`current_schema()`: the configured schema or
 * `public`). Kysely's PostgreSQL introspection reads every schema of the database and calls
 * has_schema_privilege(name) on each, so a schema dropped meanwhile (another deployment's, or
 * another test suite's) failed the whole query with "schema … does not exist", and with it the
 * migrator, which only asks whether its own two tables exist. Reading every schema also let a
 * `kysely_migration` table of another application in the same database pass for Lotwise's.
 * Tables carry no columns: nothing in Lotwise reads them from here.
 */
class OwnSchemaIntrospector extends PostgresIntrospector {
  readonly #db: Kysely<unknown>;

  constructor(db: IntrospectedDb) {
    super(db);
    this.#db = db;
  }

  override async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; schema: string; kind: string }>`
      select c.relname as name, ns.nspname as schema, c.relkind as kind
      from pg_catalog.pg_class c join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p')
      order by c.relname`.execute(this.#db);
    return rows.map((r) => ({ name: r.name, schema: r.schema, isView: r.kind === 'v', columns: [] }));
  }

  override async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}

/** PostgreSQL through pg, introspecting its own schema only (OwnSchemaIntrospector). */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: IntrospectedDb): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}
