import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, Reflector } from '@nestjs/core';
// The shared libs schemas are zod/mini; the few server-only classic ones parse the same way.
import type { ZodMiniType as ZodType } from 'zod/mini';
import { IS_PUBLIC } from '../../src/infrastructure/http/public.decorator';
import { ROLES, type UserType } from '../../src/infrastructure/http/roles.decorator';
import { ZodPipe } from '../../src/infrastructure/http/zod-body.pipe';
import type { TestApp } from '../support/test-app';

/** @ApiConsumes()'s metadata key (@nestjs/swagger does not export its constants). */
const API_CONSUMES = 'swagger/apiConsumes';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One operation of the OpenAPI document, with what its handler declares: who may call it and which schemas parse it. */
export interface ApiOperation {
  /** 'GET /api/landlord/properties/{propertyId}' */
  name: string;
  operationId: string;
  method: HttpMethod;
  /** The document's path template, '/api/landlord/properties/{propertyId}'. */
  path: string;
  pathParams: string[];
  isPublic: boolean;
  roles: UserType[];
  /** The libs zod schema the handler parses its body with, if any. */
  bodySchema?: ZodType;
  querySchema?: ZodType;
  /** Takes its body as multipart (uploads). */
  multipart: boolean;
}

interface OpenApiOperation {
  operationId: string;
  parameters?: { in: string; name: string }[];
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

interface RouteArg {
  index: number;
  pipes?: unknown[];
}

function zodSchemaOf(args: Record<string, RouteArg>, type: RouteParamtypes): ZodType | undefined {
  for (const [key, arg] of Object.entries(args)) {
    if (Number(key.split(':')[0]) !== type) continue;
    const pipe = arg.pipes?.find((candidate): candidate is ZodPipe<unknown> => candidate instanceof ZodPipe);
    if (pipe) return pipe.schema as ZodType;
  }
  return undefined;
}

/**
 * Every operation of the OpenAPI document the running app serves (/api/docs-json), joined to its
 * controller method by operationId (`Controller_method`), so a new endpoint is picked up without
 * editing any test.
 */
export async function apiOperations(testApp: TestApp): Promise<ApiOperation[]> {
  const response = await testApp.request({ method: 'GET', url: '/api/docs-json' });
  if (response.statusCode !== 200) throw new Error(`No OpenAPI document at /api/docs-json: ${response.statusCode}`);
  const document = response.json<OpenApiDocument>();

  const handlers = new Map<string, { controller: new (...args: never[]) => object; method: string }>();
  for (const wrapper of testApp.app.get(DiscoveryService).getControllers()) {
    const controller = wrapper.metatype as (new (...args: never[]) => object) | null;
    if (!controller) continue;
    for (const method of Object.getOwnPropertyNames(controller.prototype)) {
      handlers.set(`${controller.name}_${method}`, { controller, method });
    }
  }

  const reflector = testApp.app.get(Reflector);
  const operations: ApiOperation[] = [];
  for (const [path, byMethod] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(byMethod)) {
      const handler = handlers.get(operation.operationId);
      if (!handler) throw new Error(`OpenAPI operation ${operation.operationId} has no controller method of that name`);
      const fn = (handler.controller.prototype as Record<string, () => unknown>)[handler.method];
      const targets = [fn, handler.controller];
      const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, handler.controller, handler.method) ?? {}) as Record<string, RouteArg>;
      const upper = method.toUpperCase() as HttpMethod;
      operations.push({
        name: `${upper} ${path}`,
        operationId: operation.operationId,
        method: upper,
        path,
        pathParams: (operation.parameters ?? []).filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
        isPublic: Boolean(reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)),
        roles: reflector.getAllAndOverride<UserType[]>(ROLES, targets) ?? [],
        bodySchema: zodSchemaOf(args, RouteParamtypes.BODY),
        querySchema: zodSchemaOf(args, RouteParamtypes.QUERY),
        multipart: Boolean(reflector.getAllAndOverride<string[]>(API_CONSUMES, targets)?.includes('multipart/form-data')),
      });
    }
  }
  return operations;
}

/** Fills a path template: '/api/x/{id}' with { id: 'abc' }. Values are URL-encoded. */
export function urlOf(operation: ApiOperation, params: Record<string, string>, query = ''): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for path parameter ${name} of ${operation.name}`);
    return encodeURIComponent(value);
  });
  return query ? `${path}?${query}` : path;
}

export const STATE_CHANGING: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
