import { DEV_API_KEY } from '@petstore/mock-server/msw';
import { PetstoreClient } from '@petstore/sdk';

/** The component: a list of the animals, and a button that adds one. */
export function petsList(): HTMLElement {
  const client = new PetstoreClient({ baseUrl: new URL('/v1', location.href).href, apiKey: DEV_API_KEY, maxRetries: 0 });
  const root = document.createElement('section');
  const list = Object.assign(document.createElement('ul'), { ariaLabel: 'animals' });
  const add = Object.assign(document.createElement('button'), { textContent: 'Add Nimbus' });
  const show = async () => {
    list.setAttribute('aria-busy', 'true');
    try {
      list.replaceChildren(...(await client.pets.list()).map((pet) => Object.assign(document.createElement('li'), { textContent: pet.name })));
    } catch (error) {
      list.replaceChildren(Object.assign(document.createElement('li'), { role: 'alert', textContent: `Could not load: ${(error as Error).message}` }));
    }
    list.setAttribute('aria-busy', 'false');
  };
  add.addEventListener('click', async () => {
    await client.pets.create({ name: 'Nimbus', categoryId: 1 });
    await show();
  });
  root.append(add, list);
  void show();
  return root;
}
