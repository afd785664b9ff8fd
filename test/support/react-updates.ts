import type { Page } from 'playwright-core';

/**
 * How many state updates are queued on the hooks of the page's React tree and not yet processed.
 *
 * React keeps an update made with the value a component already has until that component's next
 * render (react#28981); on a wall whose tiles have nothing new to show that render never comes, so a
 * number that grows while the wall is quiet is memory that grows for as long as the wall runs. This
 * reads React's internals (the root fiber on the container, each function component's hook list and
 * its `queue.pending` ring), stable since React 16; it throws if it cannot find them rather than
 * report a zero that means nothing.
 */
export function pendingReactUpdates(page: Page): Promise<number> {
  return page.evaluate(() => {
    type Hook = { queue?: { pending?: { next: unknown } | null } | null; next: Hook | null };
    type Fiber = { tag: number; memoizedState: unknown; child: Fiber | null; sibling: Fiber | null };
    let root: Fiber | null = null;
    for (const el of document.querySelectorAll('body *')) {
      const key = Object.keys(el).find((k) => k.startsWith('__reactContainer$'));
      if (key) {
        root = (el as unknown as Record<string, Fiber>)[key];
        break;
      }
    }
    if (!root) throw new Error('no React root found in the page');
    const FUNCTION_COMPONENTS = new Set([0, 11, 15]); // function, forwardRef, simple memo
    const queues = new Set<unknown>();
    let pending = 0;
    let components = 0;
    const stack: Fiber[] = [root];
    while (stack.length > 0) {
      const fiber = stack.pop()!;
      if (FUNCTION_COMPONENTS.has(fiber.tag)) {
        components++;
        for (let hook = fiber.memoizedState as Hook | null; hook; hook = hook.next) {
          const queue = hook.queue;
          if (!queue || queues.has(queue)) continue;
          queues.add(queue);
          const last = queue.pending;
          if (!last) continue;
          let update = last.next as { next: unknown };
          pending++;
          while (update !== last) {
            update = update.next as { next: unknown };
            pending++;
          }
        }
      }
      if (fiber.child) stack.push(fiber.child);
      if (fiber.sibling) stack.push(fiber.sibling);
    }
    if (components === 0) throw new Error('the React tree has no function components: internals changed?');
    return pending;
  });
}
