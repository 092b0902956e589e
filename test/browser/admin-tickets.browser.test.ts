// The backoffice's tickets in Chromium, against the whole system through the gateway (spec 02
// § Tickets, § Ticket status, § Errors, § Limits; issue 41 done-means 3): a store files a ticket,
// the operator finds it among all channels, answers with a REPLY and an INTERNAL note, moves it
// along the status table (only the allowed moves offered), sets priority, category and assignee,
// attaches a PNG (an 11 MB file and a .txt refused before upload); the store's own ticket page
// shows the REPLY and not the INTERNAL note. Screenshots of every page in both languages.
import { eventually } from '@storecast/service-kit/testing';
import type { Locator, Page } from 'playwright-core';
import { api } from '../e2e/system';
import { pageErrors, screenshot, type Locale } from './browser';
import { operatorSession, type Client } from './accounts';
import { openBackoffice, shootAdmin } from './admin-fixture';
import { openPlayer, seedChain, type Chain } from './player-fixture';
import { createTicketByApi, requestsTo, storeToken } from './store-seed';
import { startBrowserSystem, type BrowserSystem } from './system';

/** The smallest valid PNG (1×1, transparent): the server checks the file's signature. */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const TITLE = 'The speaker crackles at opening';
const REPLY = 'We reset your player remotely; the crackle should be gone tomorrow morning.';
const INTERNAL = 'Firmware 2.3 bug, same as last week at another store. Do not promise a date.';

describe('the backoffice tickets in the browser', () => {
  let env: BrowserSystem;
  let client: Client;
  let chain: Chain;
  let ticketId: string;
  const store = () => chain.stores[0]!;

  beforeAll(async () => {
    // Every sign-in (API and browser) comes from 127.0.0.1: the per-IP login limit is not what
    // these pages are tested for.
    env = await startBrowserSystem({ env: { RATE_LIMIT_LOGIN_PER_IP: '1000' } });
    client = api(env.baseURL);
    chain = await seedChain(env, client, { name: 'Harbor Deli', storeCount: 1, songs: [{ title: 'Deli Sine', seconds: 20 }] });
    ticketId = await createTicketByApi(client, await storeToken(client, store()), {
      title: TITLE,
      body: 'Every morning when we open, the speaker crackles for a few minutes.',
      category: 'PLAYBACK',
    });
  }, 240_000);
  afterAll(async () => {
    await env?.stop();
  }, 60_000);

  const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
  const pick = async (page: Page, label: string, option: string) => {
    await page.getByRole('combobox', { name: label, exact: true }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  const thread = (page: Page): Locator => page.getByRole('list', { name: 'Conversation' });

  it('the operator answers a store ticket with a REPLY and an INTERNAL note, moves it along the status table, sets priority, category and assignee, attaches a PNG (11 MB and .txt refused first)', async () => {
    const page = await openBackoffice(env.browser, env, 'en-US');
    try {
      page.setDefaultTimeout(30_000);
      const comments = requestsTo(page, 'POST', /\/api\/v1\/admin\/tickets\/[^/]+\/comments$/);
      const uploads = requestsTo(page, 'POST', /\/api\/v1\/(admin\/tickets\/[^/]+\/attachments|uploads\/.*)$/);

      // The list: the store's ticket, its source named.
      await page.getByRole('navigation').getByRole('link', { name: 'Tickets', exact: true }).click();
      await heading(page, 'Tickets');
      const table = page.getByRole('table', { name: 'Tickets' });
      const row = table.getByRole('row').filter({ hasText: TITLE });
      await row.waitFor();
      await row.getByText('Harbor Deli store 1').waitFor();
      await row.getByText('Store', { exact: true }).waitFor();
      await row.getByText('Open', { exact: true }).waitFor();
      await row.getByText('Unassigned', { exact: true }).waitFor();

      // Filters are kept in the URL: a status that matches nothing empties the list, clearing brings it back.
      await pick(page, 'Status', 'Closed');
      await page.waitForURL((url) => url.searchParams.get('status') === 'CLOSED');
      await page.getByText('No ticket matches these filters.').waitFor();
      await page.reload();
      await page.getByText('No ticket matches these filters.').waitFor();
      expect(await page.getByRole('combobox', { name: 'Status', exact: true }).inputValue()).toBe('Closed');
      await page.getByRole('button', { name: 'Clear the filters' }).click();
      await page.waitForURL((url) => url.search === '');
      await pick(page, 'Category', 'Playback');
      await page.waitForURL((url) => url.searchParams.get('category') === 'PLAYBACK');
      await row.waitFor();

      // The detail.
      await row.getByRole('link', { name: TITLE }).click();
      await page.waitForURL(new RegExp(`/admin/tickets/${ticketId}$`));
      await heading(page, TITLE);
      const moves = page.getByRole('group', { name: 'Change the status' });
      // OPEN: only "start work" (spec 02 § Ticket status).
      await moves.getByRole('button', { name: 'Start work' }).waitFor();
      expect(await moves.getByRole('button').allTextContents()).toEqual(['Start work']);

      // An empty reply is refused in the page, nothing is sent.
      await page.getByRole('button', { name: 'Send the reply' }).click();
      await page.getByText('Enter a reply.').waitFor();
      expect(comments).toHaveLength(0);

      // A REPLY to the customer.
      await page.getByText('The store or HQ that filed this ticket sees this reply.').waitFor();
      await page.getByRole('textbox', { name: 'Reply' }).fill(REPLY);
      await page.getByRole('button', { name: 'Send the reply' }).click();
      await page.getByText('The reply was sent.').waitFor();
      await thread(page).getByRole('listitem', { name: /^Reply — seen by the customer\. Operator, / }).filter({ hasText: REPLY }).waitFor();

      // An INTERNAL note: chosen first, then the form says who sees it.
      await page.getByRole('radio', { name: 'Internal note' }).check();
      await page.getByText('Only operators see this. Stores and HQs never do.').waitFor();
      await page.getByRole('textbox', { name: 'Internal note' }).fill(INTERNAL);
      await page.getByRole('button', { name: 'Add the internal note' }).click();
      await page.getByText('The internal note was added.').waitFor();
      const note = thread(page).getByRole('listitem', { name: /^Internal note — not shown to the customer\. Operator, / });
      await note.filter({ hasText: INTERNAL }).waitFor();
      await note.getByText('Internal note — not shown to the customer', { exact: true }).waitFor();
      expect(await thread(page).locator('li[data-kind="INTERNAL"]').count()).toBe(1);
      expect(await thread(page).locator('li[data-kind="REPLY"]').count()).toBe(1);
      expect(comments).toHaveLength(2);

      // Status: start, then only "resolve" is offered.
      await moves.getByRole('button', { name: 'Start work' }).click();
      await page.getByText('The status is now “In progress”.').waitFor();
      await eventually(async () => expect(await moves.getByRole('button').allTextContents()).toEqual(['Mark resolved']), 20_000);

      // Priority, category and assignee, each saved when chosen.
      await pick(page, 'Priority', 'Urgent');
      await page.getByText('The priority is now “Urgent”.').waitFor();
      await pick(page, 'Category', 'Billing');
      await page.getByText('The category was changed.').waitFor();
      const operator = await operatorSession(env.system, client);
      const operators = await client.get('/api/v1/admin/operators?status=ACTIVE&size=100', { token: operator.accessToken });
      const me = (operators.body.items as Array<{ id: string; email: string; name: string | null }>).find((o) => o.email === env.system.operator.email)!;
      await pick(page, 'Assignee', me.name ?? me.email);
      await page.getByText('The assignee was changed.').waitFor();

      // Attachments: 11 MB and a .txt refused in the page, a PNG attached.
      const fileInput = page.locator('input[type="file"]');
      await fileInput.setInputFiles({ name: 'speaker-photo.png', mimeType: 'image/png', buffer: Buffer.alloc(11 * 1024 * 1024) }, { timeout: 90_000 });
      await page.getByText('The file is larger than 10 MB.').waitFor();
      expect(await page.getByRole('button', { name: 'Upload', exact: true }).isDisabled()).toBe(true);
      await fileInput.setInputFiles({ name: 'player-log.txt', mimeType: 'text/plain', buffer: Buffer.from('crackle at 09:00') });
      await page.getByText('Only PNG, JPEG, GIF, WebP images and PDF files can be attached.').waitFor();
      expect(await page.getByRole('button', { name: 'Upload', exact: true }).isDisabled()).toBe(true);
      expect(uploads).toEqual([]);
      await fileInput.setInputFiles({ name: 'speaker-photo.png', mimeType: 'image/png', buffer: PNG_1X1 });
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await page.getByText('The file was attached.').waitFor();
      await page.getByRole('table', { name: 'Attachments' }).getByRole('button', { name: 'Download speaker-photo.png' }).waitFor();
      expect(uploads).toHaveLength(1);

      // What the server holds now.
      const detail = await client.get(`/api/v1/admin/tickets/${ticketId}`, { token: operator.accessToken });
      expect(detail.status).toBe(200);
      expect(detail.body).toMatchObject({ status: 'IN_PROGRESS', priority: 'URGENT', category: 'BILLING', assigneeOperatorId: me.id });
      expect(detail.body.comments.map((c: { kind: string; body: string }) => [c.kind, c.body])).toEqual([
        ['REPLY', REPLY],
        ['INTERNAL', INTERNAL],
      ]);
      expect(detail.body.attachments.map((a: { fileName: string; visibility: string }) => [a.fileName, a.visibility])).toEqual([['speaker-photo.png', 'SHARED']]);

      // The list shows what changed, and the assignee filter finds it.
      await page.getByRole('link', { name: 'Back to the tickets' }).click();
      await heading(page, 'Tickets');
      await page.goto(`/admin/tickets?assignee=${me.id}&priority=URGENT`);
      const changed = page.getByRole('table', { name: 'Tickets' }).getByRole('row').filter({ hasText: TITLE });
      await changed.getByText('In progress', { exact: true }).waitFor();
      await changed.getByText('Urgent', { exact: true }).waitFor();
      await changed.getByText(me.name ?? me.email, { exact: true }).waitFor();
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 300_000);

  it("the store's own ticket page shows the operator's REPLY and not the INTERNAL note", async () => {
    const { page, context } = await openPlayer(env.browser, env, store());
    try {
      page.setDefaultTimeout(30_000);
      await page.goto(`/player/tickets/${ticketId}`);
      await heading(page, TITLE);
      const replies = page.getByRole('region', { name: 'Replies' });
      await replies.getByText(REPLY).waitFor();
      await page.getByRole('link', { name: 'Download speaker-photo.png' }).waitFor();
      expect(await page.getByText(INTERNAL).count()).toBe(0);
      expect(await page.getByText(/Firmware 2\.3/).count()).toBe(0);
      await screenshot(page, 'player-ticket-answered');
      // The store's API answer holds no INTERNAL comment either (spec 02: INTERNAL is operators only).
      const own = await client.get(`/api/v1/store/tickets/${ticketId}`, { token: await storeToken(client, store()) });
      expect(own.body.comments.map((c: { body: string }) => c.body)).toEqual([REPLY]);
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240_000);

  it.each<[Locale, { list: string; internal: string; choice: string }]>([
    ['ko-KR', { list: '문의', internal: '내부 메모 — 고객에게 보이지 않습니다', choice: '내부 메모' }],
    ['en-US', { list: 'Tickets', internal: 'Internal note — not shown to the customer', choice: 'Internal note' }],
  ])('every tickets page renders in %s and is screenshotted', async (locale, text) => {
    const page = await openBackoffice(env.browser, env, locale);
    try {
      page.setDefaultTimeout(30_000);
      expect(await shootAdmin(page, '/admin/tickets', 'tickets')).toBe(text.list);
      expect(await shootAdmin(page, `/admin/tickets/${ticketId}`, 'ticket-detail')).toBe(TITLE);
      await page.getByText(text.internal, { exact: true }).waitFor();
      // The internal-note form, as the operator sees it once chosen.
      await page.getByRole('radio', { name: text.choice, exact: true }).check();
      await screenshot(page, 'admin-ticket-detail-internal-note');
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await page.context().close();
    }
    // The store's page in the same language.
    const player = await openPlayer(env.browser, env, store(), { locale, deviceLabel: `Counter ${locale}` });
    try {
      await player.page.goto(`/player/tickets/${ticketId}`);
      await heading(player.page, TITLE);
      await player.page.getByText(REPLY).waitFor();
      expect(await player.page.getByText(INTERNAL).count()).toBe(0);
      await screenshot(player.page, 'player-ticket-answered');
    } finally {
      await player.context.close();
    }
  }, 300_000);
});
