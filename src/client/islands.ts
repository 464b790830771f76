import type { IslandName } from '../components/island.tsx';

/** Each island's module, fetched only by a page that has one (the dashboard's React stays off every other page). */
const modules: Record<IslandName, () => Promise<{ mount: (element: Element, props: never) => void }>> = {
  analytics: () => import('../islands/analytics.tsx'),
};

/** Starts the islands of the page on screen (decision 090). */
export function mountIslands(root: Element) {
  for (const element of Array.from(root.querySelectorAll('[data-island]'))) {
    const name = element.getAttribute('data-island') as IslandName;
    const load = modules[name];
    const json = document.getElementById(`island-${name}`)?.textContent;
    if (!load || !json) {
      console.error(`Island "${name}" has no module or no props`);
      continue;
    }
    load()
      .then(({ mount }) => {
        if (element.isConnected) mount(element, JSON.parse(json) as never);
      })
      .catch((error: unknown) => console.error(`Island "${name}" failed to start`, error));
  }
}
