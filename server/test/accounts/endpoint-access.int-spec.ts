import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { IS_PUBLIC } from '../../src/infrastructure/http/public.decorator';
import { ROLES } from '../../src/infrastructure/http/roles.decorator';
import { startTestApp, TestApp } from '../support/test-app';

/** Deny by default only works if nobody forgets: every endpoint says who may call it. */
describe('every endpoint', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.close());

  it('is marked @Public() or @Roles(...)', () => {
    const reflector = testApp.app.get(Reflector);
    const scanner = new MetadataScanner();
    const unmarked: string[] = [];
    let endpoints = 0;
    for (const wrapper of testApp.app.get(DiscoveryService).getControllers()) {
      const controller = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!controller) continue;
      for (const name of scanner.getAllMethodNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, () => unknown>)[name];
        if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        endpoints++;
        const targets = [handler, controller];
        const isPublic = reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets);
        const roles = reflector.getAllAndOverride<string[]>(ROLES, targets);
        if (!isPublic && !roles?.length) {
          const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
          unmarked.push(`${controller.name}.${name} (${method})`);
        }
      }
    }
    expect(endpoints).toBeGreaterThan(3);
    expect(unmarked).toEqual([]);
  });
});
