// A page loaded on demand from a named export of its module, with the download exposed so a direct
// visit can start it early (router.tsx preloadFirstPage).
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type LazyPage<P extends object> = LazyExoticComponent<ComponentType<P>> & { preload: () => Promise<unknown> };

export function lazyNamed<P extends object = object>(load: () => Promise<Record<string, unknown>>, name: string): LazyPage<P> {
  const page = lazy(async () => ({ default: (await load())[name] as ComponentType<P> })) as LazyPage<P>;
  page.preload = load;
  return page;
}
