import { Injectable } from '@nestjs/common';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { QueryResultRow } from 'pg';
import { DataSource, EntityManager, EntityTarget, ObjectLiteral, Repository } from 'typeorm';
import { PreparedStatement, runPrepared } from './prepared-statement';

/**
 * One database transaction that may span several modules' command handlers without them
 * sharing repositories: a handler calls `run`, and any command it sends joins the same
 * transaction (the manager travels in AsyncLocalStorage, not in the command).
 */
@Injectable()
export class UnitOfWork {
  private readonly current = new AsyncLocalStorage<EntityManager>();
  /** Work to do at the end of a transaction, before it commits, by the transaction's manager. */
  private readonly beforeCommitWork = new WeakMap<EntityManager, (() => Promise<void>)[]>();

  constructor(private readonly dataSource: DataSource) {}

  get manager(): EntityManager {
    return this.current.getStore() ?? this.dataSource.manager;
  }

  repository<Entity extends ObjectLiteral>(entity: EntityTarget<Entity>): Repository<Entity> {
    return this.manager.getRepository(entity);
  }

  /**
   * Rows of a prepared statement, in the running transaction when there is one (so a snapshot or a
   * command sees its own writes), else straight on the DataSource's pool: no query runner, no SQL
   * building, no entity mapping. For the hot reads; see prepared-statement.ts.
   */
  async query<Row extends QueryResultRow, Params extends readonly unknown[]>(
    statement: PreparedStatement<Row, Params>,
    values: Params,
  ): Promise<Row[]> {
    return runPrepared(this.manager, statement, values);
  }

  async run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const active = this.current.getStore();
    if (active) return work(active);
    return this.dataSource.transaction((manager) => this.current.run(manager, () => this.untilCommit(manager, work)));
  }

  /**
   * Registers `work` to run at the end of the unit of work running on `manager`, inside its
   * transaction, just before it commits (in the order registered). False when no unit of work runs
   * on that manager: the caller does the work at once.
   */
  beforeCommit(manager: EntityManager, work: () => Promise<void>): boolean {
    if (this.current.getStore() !== manager) return false;
    const registered = this.beforeCommitWork.get(manager);
    if (registered) registered.push(work);
    else this.beforeCommitWork.set(manager, [work]);
    return true;
  }

  private async untilCommit<T>(manager: EntityManager, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const result = await work(manager);
    const registered = this.beforeCommitWork.get(manager) ?? [];
    // Registered work may register more: all of it runs before the commit.
    for (let index = 0; index < registered.length; index++) await registered[index]();
    return result;
  }

  /** Runs `work` outside any running transaction (its queries autocommit): progress written during a snapshot. */
  outside<T>(work: () => Promise<T>): Promise<T> {
    return this.current.exit(work);
  }

  /**
   * A read-only REPEATABLE READ transaction: every query inside, any module's, sees the database as
   * of its first statement (exports that must add up across modules). Never joins a running one.
   */
  async snapshot<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.current.getStore()) throw new Error('UnitOfWork.snapshot cannot run inside another transaction');
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      // Must come before the first query: it is what makes the snapshot read-only.
      await manager.query('SET TRANSACTION READ ONLY');
      return this.current.run(manager, () => this.untilCommit(manager, work));
    });
  }
}
