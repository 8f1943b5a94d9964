/** Every page of the route catalog is delivered: the route table holds a component for each path. */
import { describe, expect, it } from 'vitest';
import { ROUTE_CATALOG } from '../../src/app/routeCatalog.ts';
import { APP_ROUTES } from '../../src/app/routeTable.ts';

describe('the route table', () => {
  it('gives every catalog path its page, in catalog order', () => {
    expect(APP_ROUTES.map((route) => route.path)).toEqual(ROUTE_CATALOG.map((info) => info.path));
    for (const route of APP_ROUTES) expect(route.component, route.path).toBeDefined();
  });
});
