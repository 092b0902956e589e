// The HQ console's support pages in Chromium, against the whole system through the gateway
// (spec 03 § Support tickets, § Store ticket; spec 02 § Tickets, § Ticket status, § Limits): the
// HQ manager files an HQ ticket through the page, attaches a PNG and replies; a store of the HQ
// files a ticket, the console shows the unread signal, the HQ answers it and moves it along the
// ticket status table (only the allowed moves are offered), and the store reads the reply.
// Screenshots of the lists and a ticket of each channel in both languages.
import fs from 'node:fs';
import { eventually } from '@storecast/service-kit/testing';
import type { Locator, Page } from 'playwright-core';
import { api } from '../e2e/system';
import { pageErrors, type Locale } from './browser';
import { operatorSession, publishLegalDocs, readyHq, readyStore, type Client } from './accounts';
import { openHqConsole, visitAndShoot } from './hq-fixture';
import { createTicketByApi } from './store-seed';
import { startBrowserSystem, type BrowserSystem } from './system';

/** A 1×1 PNG: the server checks the file's signature, not only its declared type. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('the HQ support pages in the browser', () => {
  let env: BrowserSystem;
  let client: Client;
  let hq: { hqId: string; email: string; password: string };
  let store: { storeId: string; email: string; password: string };
  /** What the first test leaves for the screenshots. */
  const made = { hqTicketId: '', storeTicketId: '' };

  beforeAll(async () => {
    // Every sign-in comes from 127.0.0.1: the per-IP login limit is not what these pages test.
    env = await startBrowserSystem({ env: { RATE_LIMIT_LOGIN_PER_IP: '1000' } });
    client = api(env.baseURL);
    const operatorToken = (await operatorSession(env.system, client)).accessToken;
    await publishLegalDocs(client, operatorToken, { terms: '# Terms\n\nPlay fair.', privacy: '# Privacy\n\nWe keep little.' });
    const ready = await readyHq(client, operatorToken, {
      name: 'Maple Bakery',
      manager: { email: 'hq.maple@browser.storecast.test', tempPassword: 'Temp-pass-123', name: 'Maple HQ' },
      password: 'Maple-pass-2468',
    });
    hq = { hqId: ready.hqId, email: ready.manager.email, password: ready.password };
    const readyShop = await readyStore(env.system, client, ready.session.accessToken, { name: 'Maple Itaewon', managerEmail: 'store.maple@browser.storecast.test', password: 'Store-pass-1357' });
    store = { storeId: readyShop.storeId, email: readyShop.email, password: readyShop.password };
  }, 240_000);
  afterAll(async () => {
    await env?.stop();
  }, 60_000);

  const heading = (page: Page, name: string) => page.getByRole('main').getByRole('heading', { level: 1, name, exact: true }).waitFor();
  const login = async (email: string, password: string) => (await client.post('/api/v1/auth/login', { email, password })).body.accessToken as string;
  /** The status buttons the ticket page offers, in their order. */
  const offeredMoves = async (page: Page): Promise<string[]> => page.getByRole('region', { name: 'Change the status' }).getByRole('button').allTextContents();
  const statusBadge = (page: Page) => page.getByRole('main').locator('[data-status]').first();
  const choose = async (page: Page, field: Locator, option: string) => {
    await field.click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };

  it('the HQ manager files an HQ ticket through the page, attaches a PNG (the wrong type refused before sending) and replies', async () => {
    const page = await openHqConsole(env.browser, env, hq, 'en-US');
    page.setDefaultTimeout(20_000);
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET' && new URL(r.url()).pathname.startsWith('/api/v1/hq/tickets')) sent.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });

    await page.getByRole('navigation').getByRole('link', { name: 'Support' }).click();
    await heading(page, 'Support');
    await page.getByRole('tab', { name: 'HQ tickets' }).click();
    await page.waitForURL(/\/hq\/support\/tickets$/);
    await page.getByText('No tickets yet.').waitFor();

    // The form says what is missing before anything is sent.
    await page.getByRole('button', { name: 'New ticket' }).click();
    const dialog = page.getByRole('dialog', { name: 'New ticket' });
    await dialog.getByRole('button', { name: 'Send the ticket' }).click();
    await dialog.getByText('Choose a category.').waitFor();
    await dialog.getByText('Enter a title.').waitFor();
    await dialog.getByText('Enter a message.').waitFor();
    expect(sent).toEqual([]);

    await choose(page, dialog.getByRole('combobox', { name: /^Category/ }), 'Billing');
    await dialog.getByRole('textbox', { name: /^Title/ }).fill('Invoice for November');
    await dialog.getByRole('textbox', { name: /^Message/ }).fill('The November invoice lists 12 stores; we had 11.');
    await dialog.getByRole('button', { name: 'Send the ticket' }).click();
    await page.waitForURL(/\/hq\/support\/tickets\/[0-9a-f-]{36}$/);
    made.hqTicketId = page.url().split('/').at(-1)!;
    await heading(page, 'Invoice for November');
    expect(await statusBadge(page).getAttribute('data-status')).toBe('OPEN');
    await page.getByText('The November invoice lists 12 stores; we had 11.').waitFor();
    await page.getByText('No attachments.').waitFor();

    // A text file is refused on the page (spec 02 § Limits: five MIME types), nothing uploaded.
    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await page.getByText('Only PNG, JPEG, GIF, WebP images and PDF files can be attached.').waitFor();
    expect(sent.filter((s) => s.endsWith('/attachments'))).toEqual([]);

    // The PNG goes up and is listed; it downloads under its name.
    await fileInput.setInputFiles({ name: 'invoice.png', mimeType: 'image/png', buffer: PNG });
    const uploaded = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith(`/api/v1/hq/tickets/${made.hqTicketId}/attachments`));
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    expect((await uploaded).status()).toBe(201);
    const files = page.getByRole('table', { name: 'Attachments' });
    await files.getByText('invoice.png').waitFor();
    await page.getByText('1 / 5').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), files.getByRole('button', { name: 'Download invoice.png' }).click()]);
    expect(download.suggestedFilename()).toBe('invoice.png');
    expect(fs.readFileSync((await download.path())!)).toEqual(PNG);

    // A reply: empty is refused on the page, then it is sent and shown as the HQ's.
    await page.getByRole('button', { name: 'Send the reply' }).click();
    await page.getByText('Enter a reply.').waitFor();
    await page.getByRole('textbox', { name: /^Write a reply/ }).fill('The store in Busan closed on 3 November.');
    await page.getByRole('button', { name: 'Send the reply' }).click();
    const replies = page.getByRole('list', { name: 'Replies' });
    const reply = replies.getByRole('listitem').filter({ hasText: 'The store in Busan closed on 3 November.' });
    await reply.waitFor();
    expect(await reply.getAttribute('data-author-role')).toBe('HQ_MANAGER');
    await reply.getByText('HQ', { exact: true }).waitFor();

    // The HQ may close its own ticket only once resolved (spec 03): an open one offers no close.
    expect(await page.getByRole('button', { name: 'Close the ticket' }).count()).toBe(0);

    // The list shows it (the HQ's own channel: no store).
    await page.getByRole('link', { name: 'Back to the HQ tickets' }).click();
    await heading(page, 'Support');
    const row = page.getByRole('table', { name: 'HQ tickets' }).locator('tbody tr').filter({ hasText: 'Invoice for November' });
    await row.waitFor();
    await row.getByText('Billing').waitFor();
    await row.getByText('Open', { exact: true }).waitFor();
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  }, 180_000);

  it('a store files a ticket: the console shows the unread signal; the HQ replies and moves it only along the allowed transitions; the store reads the reply', async () => {
    const storeToken = await login(store.email, store.password);
    made.storeTicketId = await createTicketByApi(client, storeToken, { title: 'Speaker crackles', body: 'The left speaker crackles at high volume since Monday.', category: 'PLAYBACK' });

    const page = await openHqConsole(env.browser, env, hq, 'en-US');
    page.setDefaultTimeout(20_000);
    // The navigation's signal: one store ticket open or in progress.
    const badge = page.getByRole('navigation').getByTestId('support-badge');
    await badge.waitFor();
    expect(await badge.textContent()).toBe('1');
    expect(await badge.getAttribute('aria-label')).toBe('1 store ticket to handle');

    // From the HQ tab, the store tab says the stores wrote since the last look.
    await page.goto('/hq/support/tickets');
    await heading(page, 'Support');
    await page.getByRole('tab', { name: /Store tickets/ }).getByText('new activity').waitFor();

    await page.getByRole('tab', { name: /Store tickets/ }).click();
    const row = page.getByRole('table', { name: 'Store tickets' }).locator('tbody tr').filter({ hasText: 'Speaker crackles' });
    await row.waitFor();
    expect(await row.getAttribute('data-new')).toBe('true');
    await row.getByTestId('new-badge').waitFor();
    await row.getByText('Maple Itaewon').waitFor();
    await row.getByText('Playback').waitFor();

    await row.getByRole('link', { name: 'Speaker crackles' }).click();
    await heading(page, 'Speaker crackles');
    await page.getByText('The left speaker crackles at high volume since Monday.').waitFor();
    // Priority is set by the operators (read-only for the HQ), status OPEN.
    await page.getByText('Priority: Normal').waitFor();
    expect(await statusBadge(page).getAttribute('data-status')).toBe('OPEN');

    // The ticket status table of spec 02: only OPEN → IN_PROGRESS is offered from OPEN…
    expect(await offeredMoves(page)).toEqual(['Start working on it']);
    // …and the server refuses a move the table has not (OPEN → RESOLVED: 409).
    const hqToken = await login(hq.email, hq.password);
    const skip = await client.patch(`/api/v1/hq/store-tickets/${made.storeTicketId}/status`, { status: 'RESOLVED' }, { token: hqToken });
    expect(skip.status).toBe(409);
    expect(skip.body.error.code).toBe('TICKET_INVALID_STATUS_TRANSITION');

    const move = async (button: string, status: string, next: string[]) => {
      await page.getByRole('region', { name: 'Change the status' }).getByRole('button', { name: button, exact: true }).click();
      await eventually(async () => expect(await statusBadge(page).getAttribute('data-status')).toBe(status), 10_000, 100);
      await eventually(async () => expect(await offeredMoves(page)).toEqual(next), 10_000, 100);
    };
    await move('Start working on it', 'IN_PROGRESS', ['Mark as resolved']);

    // The HQ answers the store.
    await page.getByRole('textbox', { name: /^Reply to the store/ }).fill('A technician visits on Thursday morning.');
    await page.getByRole('button', { name: 'Send the reply' }).click();
    const reply = page.getByRole('list', { name: 'Replies' }).getByRole('listitem').filter({ hasText: 'A technician visits on Thursday morning.' });
    await reply.waitFor();
    expect(await reply.getAttribute('data-author-role')).toBe('HQ_MANAGER');

    // A file on the store's ticket too.
    await page.locator('input[type="file"]').setInputFiles({ name: 'speaker.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByRole('table', { name: 'Attachments' }).getByText('speaker.png').waitFor();

    await move('Mark as resolved', 'RESOLVED', ['Close', 'Reopen']);
    await move('Reopen', 'IN_PROGRESS', ['Mark as resolved']);
    await move('Mark as resolved', 'RESOLVED', ['Close', 'Reopen']);
    await move('Close', 'CLOSED', ['Reopen']);

    // Nothing open or in progress any more: the signal goes once the console reads it again.
    await page.goto('/hq/support/store-tickets');
    await heading(page, 'Support');
    await page.getByRole('table', { name: 'Store tickets' }).locator('tbody tr').filter({ hasText: 'Speaker crackles' }).getByText('Closed', { exact: true }).waitFor();
    expect(await page.getByRole('navigation').getByTestId('support-badge').count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();

    // The store reads the HQ's reply and the file on its own channel.
    const seen = await client.get(`/api/v1/store/tickets/${made.storeTicketId}`, { token: storeToken });
    expect(seen.status).toBe(200);
    expect(seen.body.status).toBe('CLOSED');
    expect(seen.body.comments).toEqual([expect.objectContaining({ body: 'A technician visits on Thursday morning.', authorRole: 'HQ_MANAGER' })]);
    expect(seen.body.attachments.map((a: { fileName: string }) => a.fileName)).toEqual(['speaker.png']);
  }, 180_000);

  it.each<Locale>(['ko-KR', 'en-US'])('the support lists and a ticket of each channel render in %s (screenshots)', async (locale) => {
    expect(made.hqTicketId && made.storeTicketId).toBeTruthy();
    const page = await openHqConsole(env.browser, env, hq, locale);
    page.setDefaultTimeout(20_000);
    const want = locale === 'ko-KR' ? { title: '고객 지원', store: '매장 문의', hq: '본사 문의' } : { title: 'Support', store: 'Store tickets', hq: 'HQ tickets' };
    expect(await visitAndShoot(page, '/hq/support/store-tickets', 'support-store-tickets')).toBe(want.title);
    await page.getByRole('tab', { name: new RegExp(want.store) }).waitFor();
    expect(await visitAndShoot(page, '/hq/support/tickets', 'support-hq-tickets')).toBe(want.title);
    await page.getByRole('tab', { name: want.hq }).waitFor();
    expect(await visitAndShoot(page, `/hq/support/store-tickets/${made.storeTicketId}`, 'support-store-ticket-detail')).toBe('Speaker crackles');
    await page.getByRole('button', { name: locale === 'ko-KR' ? '다시 열기' : 'Reopen' }).waitFor();
    expect(await visitAndShoot(page, `/hq/support/tickets/${made.hqTicketId}`, 'support-hq-ticket-detail')).toBe('Invoice for November');
    await page.getByText(locale === 'ko-KR' ? '첨부 파일' : 'Attachments', { exact: true }).first().waitFor();
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  }, 120_000);
});
