import { Injectable } from '@nestjs/common';
import { AsyncLocalStorage } from 'node:async_hooks';
import { DataSource, EntityManager, EntityTarget, ObjectLiteral, Repository } from 'typeorm';

/**
 * One database transaction that may span several modules' command handlers without them
 * sharing repositories: a handler calls `run`, and any command it sends joins the same
 * transaction (the manager travels in AsyncLocalStorage, not in the command).
 */
@Injectable()
export class UnitOfWork {
  private readonly current = new AsyncLocalStorage<EntityManager>();

  constructor(private readonly dataSource: DataSource) {}

  get manager(): EntityManager {
    return this.current.getStore() ?? this.dataSource.manager;
  }

  repository<Entity extends ObjectLiteral>(entity: EntityTarget<Entity>): Repository<Entity> {
    return this.manager.getRepository(entity);
  }

  async run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const active = this.current.getStore();
    if (active) return work(active);
    return this.dataSource.transaction((manager) => this.current.run(manager, () => work(manager)));
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
      return this.current.run(manager, () => work(manager));
    });
  }
}
