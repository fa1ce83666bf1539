import type { Meta, StoryObj } from '@storybook/html-vite';
import type { MockHandlers } from '@petstore/mock-server/msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { petsList } from './pets-list.js';

export default {
  title: 'Pets list',
  render: () => petsList(),
} satisfies Meta;

type Story = StoryObj;

/** The names the list shows, once it has loaded. */
async function names(canvasElement: HTMLElement) {
  const list = within(canvasElement).getByRole('list', { name: 'animals' });
  await waitFor(() => expect(list).toHaveAttribute('aria-busy', 'false'));
  return within(list).queryAllByRole('listitem').map((item) => item.textContent);
}

// Runs first and adds an animal: on one shared store, the stories after it would list Nimbus too.
export const AddsAnAnimal: Story = {
  play: async ({ canvasElement }) => {
    expect(await names(canvasElement)).toHaveLength(3);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Add Nimbus' }));
    await within(canvasElement).findByText('Nimbus');
    expect(await names(canvasElement)).toHaveLength(4);
  },
};

export const Seeded: Story = {
  play: async ({ canvasElement, loaded }) => {
    expect(await names(canvasElement)).not.toContain('Nimbus');
    expect(await names(canvasElement)).toHaveLength(3);
    // This story's own journal: only its own request.
    expect((loaded['mock'] as MockHandlers).requests.list()).toHaveLength(1);
  },
};

export const Empty: Story = {
  parameters: { petstoreSeed: 0 },
  play: async ({ canvasElement }) => {
    expect(await names(canvasElement)).toEqual([]);
  },
};

export const ServerDown: Story = {
  beforeEach: ({ loaded }) => {
    (loaded['mock'] as MockHandlers).faults.next('listPets', { status: 503 });
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(/Could not load/);
  },
};
