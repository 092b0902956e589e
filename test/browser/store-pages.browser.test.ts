// The store manager's pages of the player area in Chromium, against the whole system through the
// gateway (spec 03 § Store broadcast, § Devices, § Support tickets, § Store ticket, § Limits,
// § Errors): templates, typed and recorded broadcasts, reservations and HQ slots, devices and
// their limit, support tickets, the store profile, and screenshots of every page in both languages.
import { eventually } from '@storecast/service-kit/testing';
import type { Locator, Page } from 'playwright-core';
import { api } from '../e2e/system';
import { type Locale, pageErrors, screenshot } from './browser';
import { operatorSession, type Client } from './accounts';
import { openPlayer, seedChain, waitForPlayer, type Chain } from './player-fixture';
import {
  createTemplateByApi,
  createTicketByApi,
  hqReservationByApi,
  localInstant,
  localPick,
  openPlayerIn,
  pickDate,
  registerDeviceByApi,
  requestsTo,
  scheduleStoreBroadcastByApi,
  shownDateTime,
  signInToRegistration,
  storeToken,
} from './store-seed';
import { startBrowserSystem, type BrowserSystem } from './system';

/** Sentences of web/src/lib/errors/error-messages.ts the pages show for these codes. */
const TEMPLATE_LIMIT_EXCEEDED = 'You can keep at most 20 templates.';
const DEVICE_LIMIT_EXCEEDED = 'A store can register at most 4 devices. Revoke one you no longer use.';

/** The smallest valid PNG (1×1, transparent): the server checks the file's signature. */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const FIVE_MINUTES = 5 * 60 * 1000;

describe('the store pages in the browser', () => {
  let env: BrowserSystem;
  let client: Client;
  let chain: Chain;
  /** One store per concern, so a test's devices, templates and reservations do not meet another's. */
  const store = (i: number) => chain.stores[i]!;
  const TEMPLATES = 0;
  const BROADCAST = 1;
  const RECORDING = 2;
  const DEVICES = 3;
  const SUPPORT = 4;
  const SCREENSHOTS = 5;

  beforeAll(async () => {
    // Every sign-in (API and browser) comes from 127.0.0.1: the per-IP login limit is not what
    // these pages are tested for.
    env = await startBrowserSystem({ env: { RATE_LIMIT_LOGIN_PER_IP: '1000' } });
    client = api(env.baseURL);
    chain = await seedChain(env, client, {
      name: 'Corner Market',
      storeCount: 6,
      songs: [
        { title: 'Aisle Sine', seconds: 20 },
        { title: 'Checkout Sine', seconds: 20 },
      ],
    });
  }, 240_000);
  afterAll(async () => {
    await env?.stop();
  }, 60_000);

  const nav = (page: Page, name: RegExp | string) => page.getByRole('navigation').getByRole('link', { name }).click();
  const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
  const alertWith = (page: Page | Locator, text: string) => page.getByRole('alert').filter({ hasText: text });

  it('templates: create, edit, use on the broadcast page, delete; the 20-template limit is shown', async () => {
    const { page, context } = await openPlayer(env.browser, env, store(TEMPLATES));
    try {
      page.setDefaultTimeout(15_000);
      await nav(page, 'Templates');
      await heading(page, 'Broadcast templates');
      await page.getByText('No saved templates.').waitFor();

      // Create.
      await page.getByRole('button', { name: 'New template' }).click();
      const create = page.getByRole('dialog', { name: 'New template' });
      await create.getByRole('textbox', { name: 'Name' }).fill('Fresh bread');
      await create.getByRole('textbox', { name: 'Broadcast text' }).fill('Fresh bread is out of the oven.');
      await create.getByRole('button', { name: 'Save' }).click();
      await page.getByText('The template was created.').waitFor();
      const table = page.getByRole('table', { name: 'Broadcast templates' });
      const row = table.getByRole('row').filter({ hasText: 'Fresh bread' });
      await row.waitFor();
      await expectText(row, 'Fresh bread is out of the oven.');
      expect(await page.getByLabel('1 of at most 20 templates').textContent()).toBe('1 / 20');

      // Edit.
      await page.getByRole('button', { name: 'Edit Fresh bread' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit template' });
      expect(await edit.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Fresh bread');
      await edit.getByRole('textbox', { name: 'Broadcast text' }).fill('Fresh bread and rolls are out of the oven.');
      await edit.getByRole('button', { name: 'Save' }).click();
      await page.getByText('The template was saved.').waitFor();
      await expectText(row, 'Fresh bread and rolls are out of the oven.');
      expect(await table.getByRole('row').count()).toBe(2); // the header and the one template

      // Use: the broadcast page, filled in from it.
      await page.getByRole('button', { name: 'Broadcast with template Fresh bread' }).click();
      await page.waitForURL(/\/player\/broadcast\?templateId=/);
      await heading(page, 'Store broadcast');
      await eventually(async () => expect(await page.getByRole('textbox', { name: 'Broadcast text' }).inputValue()).toBe('Fresh bread and rolls are out of the oven.'), 10_000);

      // Delete, after the confirmation.
      await nav(page, 'Templates');
      await page.getByRole('button', { name: 'Delete Fresh bread' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete template' });
      await confirm.getByText('Delete the template “Fresh bread”?').waitFor();
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByText('The template was deleted.').waitFor();
      await page.getByText('No saved templates.').waitFor();

      // The limit: one through the page, a form opened while there was room, 19 more made
      // meanwhile (another device of the store, here the API), then the 21st is refused.
      await page.getByRole('button', { name: 'New template' }).click();
      const first = page.getByRole('dialog', { name: 'New template' });
      await first.getByRole('textbox', { name: 'Name' }).fill('Opening hours');
      await first.getByRole('textbox', { name: 'Broadcast text' }).fill('We are open until ten tonight.');
      await first.getByRole('button', { name: 'Save' }).click();
      await page.getByText('The template was created.').first().waitFor();
      await first.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'New template' }).click();
      const late = page.getByRole('dialog', { name: 'New template' });
      await late.getByRole('textbox', { name: 'Name' }).fill('One too many');
      await late.getByRole('textbox', { name: 'Broadcast text' }).fill('This template does not fit.');
      const token = await storeToken(client, store(TEMPLATES));
      for (let i = 1; i <= 19; i++) await createTemplateByApi(client, token, { name: `Notice ${i}`, text: `Store notice number ${i}.` });
      await late.getByRole('button', { name: 'Save' }).click();
      await alertWith(late, TEMPLATE_LIMIT_EXCEEDED).waitFor();
      await late.getByRole('button', { name: 'Cancel' }).click();
      // The list now counts 20 of 20, says so, and offers no new template.
      await eventually(async () => expect(await page.getByLabel('20 of at most 20 templates').textContent()).toBe('20 / 20'), 10_000);
      await page.getByText('You can keep at most 20 templates. Delete one to make a new one.').waitFor();
      expect(await page.getByRole('button', { name: 'New template' }).isDisabled()).toBe(true);
      expect(await table.getByRole('row').count()).toBe(21);
      const listed = await client.get('/api/v1/store/broadcast-templates', { token });
      expect(listed.body.total).toBe(20);
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  /** Types a broadcast, makes its audio and switches the draft to "Schedule". */
  const scheduleDraft = async (page: Page, text: string): Promise<void> => {
    await nav(page, 'Broadcast');
    await heading(page, 'Store broadcast');
    await page.getByRole('textbox', { name: 'Broadcast text' }).fill(text);
    await page.getByRole('button', { name: 'Make the audio' }).click();
    const draft = page.getByRole('region', { name: 'Listen before sending' });
    await draft.waitFor();
    await draft.locator('label', { hasText: /^Schedule$/ }).click();
    await page.getByRole('button', { name: 'Date', exact: true }).waitFor();
  };

  it('a broadcast scheduled for a later time appears in reservations and can be canceled', async () => {
    const { page, context } = await openPlayer(env.browser, env, store(BROADCAST));
    try {
      page.setDefaultTimeout(15_000);
      const sends = requestsTo(page, 'POST', /\/api\/v1\/store\/broadcasts\/[^/]+\/send$/);
      await scheduleDraft(page, 'The bakery corner opens in the evening.');
      // Three hours ahead, on a minute, in the browser's time zone.
      const pick = await localPick(page, new Date(Math.ceil((Date.now() + 3 * 60 * 60 * 1000) / 60_000) * 60_000));
      await pickDate(page, 'Date', pick);
      await page.getByLabel('Time').fill(pick.time);
      const at = await localInstant(page, pick.date, pick.time);
      await page.getByRole('button', { name: 'Schedule', exact: true }).click();
      await page.getByText(`The broadcast is scheduled for ${await shownDateTime(page, at, 'en-US')}.`).waitFor();
      expect(sends).toHaveLength(1);
      expect(JSON.parse(sends[0]!.postData() ?? '{}')).toEqual({ isEmergency: false, scheduledAt: at.toISOString() });

      await nav(page, 'Reservations');
      await heading(page, 'Reservations');
      const table = page.getByRole('table', { name: 'Scheduled broadcasts' });
      const row = table.getByRole('row').filter({ hasText: 'The bakery corner opens in the evening.' });
      await row.waitFor();
      await expectText(row, await shownDateTime(page, at, 'en-US'));
      await row.getByRole('button', { name: 'Cancel the reservation The bakery corner opens in the evening.' }).click();
      const confirm = page.getByRole('dialog', { name: 'Cancel the reservation' });
      await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
      await page.getByText('The reservation was canceled.').waitFor();
      await page.getByText('No broadcasts are scheduled.').waitFor();
      const listed = await client.get('/api/v1/store/scheduled-broadcasts', { token: await storeToken(client, store(BROADCAST)) });
      expect(listed.body.total).toBe(0);
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('a time in the past and a slot the HQ occupies are refused before sending', async () => {
    // The HQ holds a 5-minute slot a little over an hour ahead for this store.
    const slot = new Date(Math.ceil((Date.now() + 65 * 60 * 1000) / FIVE_MINUTES) * FIVE_MINUTES);
    await hqReservationByApi(client, chain.hqToken, store(BROADCAST).storeId, slot);
    const { page, context } = await openPlayer(env.browser, env, store(BROADCAST));
    try {
      page.setDefaultTimeout(15_000);
      const sends = requestsTo(page, 'POST', /\/api\/v1\/store\/broadcasts\/[^/]+\/send$/);
      await scheduleDraft(page, 'Two for one on apples.');

      // Two minutes into the HQ's slot: the warning, and no way to send.
      const inSlot = await localPick(page, new Date(slot.getTime() + 2 * 60_000));
      await pickDate(page, 'Date', inSlot);
      await page.getByLabel('Time').fill(inSlot.time);
      const at = await localInstant(page, inSlot.date, inSlot.time);
      const warning = alertWith(page, `Your HQ has a broadcast booked in the 5-minute slot of ${await shownDateTime(page, at, 'en-US')}. Choose another time.`);
      await warning.waitFor();
      expect(await page.getByRole('button', { name: 'Schedule', exact: true }).isDisabled()).toBe(true);

      // Today at midnight has passed: the message under the time.
      const today = await localPick(page, new Date());
      await pickDate(page, 'Date', today);
      await page.getByLabel('Time').fill('00:00');
      await page.getByRole('button', { name: 'Schedule', exact: true }).click();
      await page.getByText('This time has passed. Choose a time in the future.').waitFor();
      expect(sends).toEqual([]);
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('a recorded broadcast from the microphone is uploaded, previewed and sent', async () => {
    const { page, context } = await openPlayer(env.browser, env, store(RECORDING));
    try {
      page.setDefaultTimeout(15_000);
      const uploads = requestsTo(page, 'POST', /\/api\/v1\/store\/broadcasts\/recording$/);
      await nav(page, 'Broadcast');
      await heading(page, 'Store broadcast');
      await page.getByRole('tab', { name: 'Recorded' }).click();
      await page.getByRole('button', { name: 'Start recording' }).click();
      await page.getByRole('button', { name: 'Stop recording' }).waitFor();
      // About two seconds of the fake microphone, read from the page's own timer.
      await page.getByRole('timer').filter({ hasText: /^● Recording0:0[23] \/ 0:30$/ }).waitFor();
      await page.getByRole('button', { name: 'Stop recording' }).click();
      const listen = page.getByLabel('Recording preview');
      await listen.waitFor();
      expect(await listen.getAttribute('src')).toMatch(/^blob:/);
      await page.getByRole('button', { name: 'Record again' }).waitFor();

      const sent = page.waitForResponse((res) => res.request().method() === 'POST' && /\/api\/v1\/store\/broadcasts\/[^/]+\/send$/.test(new URL(res.url()).pathname));
      await page.getByRole('button', { name: 'Upload the recording' }).click();
      const draft = page.getByRole('region', { name: 'Listen before sending' });
      await draft.getByText('Listen to the uploaded recording and choose how to send it.').waitFor();
      expect(await draft.getByLabel('Broadcast preview').getAttribute('src')).toBeTruthy();
      expect(uploads).toHaveLength(1);
      const seconds = Number(new URL(uploads[0]!.url()).searchParams.get('durationSeconds'));
      expect(Number.isInteger(seconds) && seconds >= 1 && seconds <= 30).toBe(true);

      await draft.getByRole('button', { name: 'Broadcast now' }).click();
      const { dispatchId } = (await (await sent).json()) as { dispatchId: string };
      await page.getByText('The broadcast was sent. The store plays it in a moment.').waitFor();
      await waitForPlayer(page, (s) => s.recentAnnouncements.some((a) => a.dispatchId === dispatchId && a.status === 'PLAYED'), 45_000);
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('devices: this device is marked, can be renamed; with four devices a fifth registration shows the limit with the list to revoke one', async () => {
    const { page, context } = await openPlayer(env.browser, env, store(DEVICES), { deviceLabel: 'Checkout' });
    let second: Page | undefined;
    try {
      page.setDefaultTimeout(15_000);
      await nav(page, 'Devices');
      await heading(page, 'Devices');
      const table = page.getByRole('table', { name: 'Registered devices' });
      const own = table.getByRole('row').filter({ hasText: 'Checkout' });
      await own.getByText('This device', { exact: true }).waitFor();
      await page.getByText('1 / 4 devices').waitFor();

      await own.getByRole('button', { name: 'Rename Checkout' }).click();
      const rename = page.getByRole('dialog', { name: 'Rename the device' });
      await rename.getByRole('textbox', { name: 'New name' }).fill('Front counter');
      await rename.getByRole('button', { name: 'Save' }).click();
      await page.getByText('The device was renamed.').waitFor();
      const renamed = table.getByRole('row').filter({ hasText: 'Front counter' });
      await renamed.getByText('This device', { exact: true }).waitFor();
      await nav(page, 'Player');
      await page.getByText('This device: Front counter').waitFor();

      // Three more devices of the store: four in all.
      const token = await storeToken(client, store(DEVICES));
      for (const n of [1, 2, 3]) await registerDeviceByApi(client, token, `api-device-${n}`, `Back room ${n}`);
      // Opened again (the page keeps what it read for a few seconds), it counts four of four.
      await nav(page, 'Devices');
      await page.reload();
      await heading(page, 'Devices');
      await page.getByText('4 / 4 devices').waitFor();
      expect(await table.getByRole('row').count()).toBe(5);

      // The same manager in another browser: the fifth registration is refused with the list.
      second = await signInToRegistration(env.browser, env, store(DEVICES));
      second.setDefaultTimeout(15_000);
      await second.getByRole('textbox', { name: 'Device name' }).fill('Tablet');
      await second.getByRole('button', { name: 'Register and start' }).click();
      const registration = second.getByRole('dialog', { name: 'Register this device' });
      await alertWith(registration, DEVICE_LIMIT_EXCEEDED).waitFor();
      const list = registration.getByRole('table', { name: 'Registered devices' });
      await list.getByRole('row').filter({ hasText: 'Back room 1' }).waitFor();
      expect(await list.getByRole('row').count()).toBe(5);
      await list.getByRole('button', { name: 'Revoke Back room 1' }).click();
      const revoke = second.getByRole('dialog', { name: 'Revoke the device' });
      await revoke.getByText('Revoke “Back room 1”? It receives no music or announcements until it is registered again.').waitFor();
      await revoke.getByRole('button', { name: 'Revoke', exact: true }).click();
      await second.getByText('The device was revoked.').waitFor();
      await eventually(async () => expect(await alertWith(registration, DEVICE_LIMIT_EXCEEDED).count()).toBe(0), 10_000);
      await second.getByRole('button', { name: 'Register and start' }).click();
      await waitForPlayer(second, (s) => s.state === 'PLAYING', 30_000);
      const devices = await client.get('/api/v1/store/devices', { token });
      expect((devices.body.items as Array<{ label: string }>).map((d) => d.label).sort()).toEqual(['Back room 2', 'Back room 3', 'Front counter', 'Tablet']);
      expect(pageErrors(page)).toEqual([]);
      expect(pageErrors(second)).toEqual([]);
    } finally {
      await second?.context().close();
      await context.close();
    }
  }, 90_000);

  it('support: a ticket is filed, commented, an attachment over 10 MB or of a wrong type is refused before upload, a PNG is attached; close is offered only when RESOLVED', async () => {
    const { page, context } = await openPlayer(env.browser, env, store(SUPPORT));
    try {
      page.setDefaultTimeout(15_000);
      const uploads = requestsTo(page, 'POST', /\/api\/v1\/store\/tickets\/[^/]+\/attachments$/);
      await nav(page, /^Support/);
      await heading(page, 'Support');
      await page.getByText('No tickets yet.').waitFor();
      await page.getByRole('button', { name: 'New ticket' }).click();
      const form = page.getByRole('dialog', { name: 'New ticket' });
      await form.getByLabel('Category').click();
      await page.getByRole('option', { name: 'Playback', exact: true }).click();
      await form.getByRole('textbox', { name: 'Title' }).fill('The music stops at noon');
      await form.getByRole('textbox', { name: 'Message' }).fill('Every day at noon the music stops for a minute.');
      await form.getByRole('button', { name: 'Send the ticket' }).click();
      await page.getByText('Your ticket was received.').waitFor();
      await page.waitForURL(/\/player\/tickets\/[^/]+$/);
      const ticketId = new URL(page.url()).pathname.split('/').at(-1)!;
      await heading(page, 'The music stops at noon');
      await page.getByText('Open', { exact: true }).waitFor();
      await page.getByText('No replies yet.').waitFor();

      // A reply of the store.
      await page.getByRole('textbox', { name: 'Write a reply' }).fill('It happened again today.');
      await page.getByRole('button', { name: 'Send the reply' }).click();
      await page.getByText('Your reply was sent.').waitFor();
      const comments = page.getByRole('region', { name: 'Replies' });
      await comments.getByText('It happened again today.').waitFor();
      await comments.getByText(/^Store · /).waitFor();

      // Attachments: too large and of a wrong type are refused in the page, a PNG is attached.
      const fileInput = page.locator('input[type="file"]');
      await fileInput.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
      await page.getByText('The file is larger than 10 MB.').waitFor();
      expect(await page.getByRole('button', { name: 'Upload', exact: true }).isDisabled()).toBe(true);
      await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('the player log') });
      await page.getByText('Only PNG, JPEG, GIF, WebP images and PDF files can be attached.').waitFor();
      expect(await page.getByRole('button', { name: 'Upload', exact: true }).isDisabled()).toBe(true);
      expect(uploads).toEqual([]);
      await fileInput.setInputFiles({ name: 'player-screen.png', mimeType: 'image/png', buffer: PNG_1X1 });
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await page.getByText('The file was attached.').waitFor();
      await page.getByRole('table', { name: 'Attachments' }).getByRole('link', { name: 'Download player-screen.png' }).waitFor();
      expect(uploads).toHaveLength(1);
      await page.getByText('1 / 5', { exact: true }).waitFor();

      // No close while the ticket is open.
      expect(await page.getByRole('button', { name: 'Close the ticket' }).count()).toBe(0);

      // The operator takes it, replies and resolves it.
      const operator = await operatorSession(env.system, client);
      expect((await client.patch(`/api/v1/admin/tickets/${ticketId}/assignee`, { assigneeOperatorId: operator.accountId }, { token: operator.accessToken })).status).toBe(200);
      expect((await client.patch(`/api/v1/admin/tickets/${ticketId}/status`, { status: 'IN_PROGRESS' }, { token: operator.accessToken })).status).toBe(200);
      expect((await client.post(`/api/v1/admin/tickets/${ticketId}/comments`, { kind: 'REPLY', body: 'We updated your player, please check tomorrow.' }, { token: operator.accessToken })).status).toBe(201);
      const resolved = await client.patch(`/api/v1/admin/tickets/${ticketId}/status`, { status: 'RESOLVED' }, { token: operator.accessToken });
      expect(resolved.body.status).toBe('RESOLVED');

      // On the list (not the ticket), the navigation shows the new reply once the signal is read again.
      await page.getByRole('link', { name: 'Back to the tickets' }).click();
      await heading(page, 'Support');
      await page.reload();
      await heading(page, 'Support');
      await page.getByTestId('tickets-badge').waitFor();
      expect(await page.getByRole('navigation').getByRole('link', { name: /^Support/ }).textContent()).toContain('new reply');
      const row = page.getByRole('table', { name: 'Support tickets' }).getByRole('row').filter({ hasText: 'The music stops at noon' });
      await row.getByText('Resolved', { exact: true }).waitFor();

      // Opening it: the reply is there, the badge goes, and closing is offered.
      await row.getByRole('link', { name: 'The music stops at noon' }).click();
      await comments.getByText('We updated your player, please check tomorrow.').waitFor();
      await comments.getByText(/^Operator · /).waitFor();
      await page.getByTestId('tickets-badge').waitFor({ state: 'detached' });
      await page.getByText('This ticket is resolved. Close it if you need nothing more.').waitFor();
      await page.getByRole('button', { name: 'Close the ticket' }).click();
      const confirm = page.getByRole('dialog', { name: 'Close the ticket' });
      await confirm.getByText('Close “The music stops at noon”? A closed ticket cannot be opened again.').waitFor();
      await confirm.getByRole('button', { name: 'Close the ticket' }).click();
      await page.getByText('The ticket was closed.').waitFor();
      await page.getByText('Closed', { exact: true }).waitFor();
      await eventually(async () => expect(await page.getByRole('button', { name: 'Close the ticket' }).count()).toBe(0), 10_000);
      const detail = await client.get(`/api/v1/store/tickets/${ticketId}`, { token: await storeToken(client, store(SUPPORT)) });
      expect(detail.body.status).toBe('CLOSED');
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('store profile shows the effective values set by the HQ and saves only changed contact fields', async () => {
    const { storeId } = store(SUPPORT);
    expect((await client.patch(`/api/v1/hq/stores/${storeId}/commercial-cycle`, { commercialCycleSongs: 7 }, { token: chain.hqToken })).status).toBe(204);
    expect((await client.patch(`/api/v1/hq/stores/${storeId}/ducking`, { duckEnabled: true, duckVolumePercent: 35, duckFadeMs: 1200 }, { token: chain.hqToken })).status).toBe(204);
    const { page, context } = await openPlayer(env.browser, env, store(SUPPORT));
    try {
      page.setDefaultTimeout(15_000);
      const patches = requestsTo(page, 'PATCH', /^\/api\/v1\/store\/me$/);
      await nav(page, 'Store profile');
      await heading(page, 'Store profile');
      const facts = page.getByRole('region', { name: 'Store' });
      await facts.getByText('Corner Market store 5', { exact: true }).waitFor();
      await facts.getByText('Corner Market', { exact: true }).waitFor();
      await facts.getByText('Active', { exact: true }).waitFor();
      const devices = await client.get('/api/v1/store/devices', { token: await storeToken(client, store(SUPPORT)) });
      await facts.getByText(`${devices.body.items.length} / 4`, { exact: true }).waitFor();
      const playback = page.getByRole('region', { name: /^Playback settings/ });
      await playback.getByText('One commercial after every 7 songs').waitFor();
      // The HQ left its own cycle at the default (spec 03 § Limits: 5).
      await playback.getByText('HQ default 5 songs').waitFor();
      await playback.getByText('On', { exact: true }).waitFor();
      await playback.getByText('35%', { exact: true }).waitFor();
      await playback.getByText('1200 ms', { exact: true }).waitFor();

      const contact = page.getByRole('region', { name: 'Contact person' });
      expect(await contact.getByRole('textbox', { name: 'Contact name' }).inputValue()).toBe('Store Manager');
      expect(await contact.getByRole('textbox', { name: 'Contact email' }).inputValue()).toBe(store(SUPPORT).email);
      // Saving unchanged sends nothing.
      await contact.getByRole('button', { name: 'Save' }).click();
      await contact.getByText('Nothing has changed.').waitFor();
      expect(patches).toEqual([]);
      await contact.getByRole('textbox', { name: 'Contact phone' }).fill('02-123-4567');
      await contact.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Saved.').waitFor();
      expect(patches).toHaveLength(1);
      expect(JSON.parse(patches[0]!.postData() ?? '{}')).toEqual({ managerPhone: '02-123-4567' });
      const me = await client.get('/api/v1/store/me', { token: await storeToken(client, store(SUPPORT)) });
      expect(me.body).toMatchObject({ managerName: 'Store Manager', managerEmail: store(SUPPORT).email, managerPhone: '02-123-4567' });
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  describe('every store page in both languages', () => {
    let ticketId: string;
    beforeAll(async () => {
      const token = await storeToken(client, store(SCREENSHOTS));
      await createTemplateByApi(client, token, { name: '마감 안내', text: '잠시 후 영업을 마감합니다. 감사합니다.' });
      await createTemplateByApi(client, token, { name: 'Fresh bread', text: 'Fresh bread is out of the oven.' });
      await scheduleStoreBroadcastByApi(client, token, '오늘 저녁 7시에 시식 행사가 있습니다.', new Date(Date.now() + 26 * 60 * 60 * 1000));
      ticketId = await createTicketByApi(client, token, { title: '음악이 가끔 끊겨요', body: '점심 시간에 음악이 1분 정도 멈춥니다.', category: 'PLAYBACK' });
      expect((await client.post(`/api/v1/store/tickets/${ticketId}/comments`, { body: '오늘도 같은 일이 있었습니다.' }, { token })).status).toBe(201);
    }, 60_000);

    const TEXT = {
      'ko-KR': {
        nav: { player: '플레이어', broadcast: '매장 방송', templates: '문구 템플릿', reservations: '예약 방송', devices: '기기', tickets: /^고객 문의/, profile: '매장 정보' },
        heading: { broadcast: '매장 방송', templates: '문구 템플릿', reservations: '예약 방송', devices: '기기', tickets: '고객 문의', profile: '매장 정보' },
        recorded: '녹음 방송',
        recordStart: '녹음 시작',
        templatesTable: '문구 템플릿 목록',
        reservationsTable: '예약 방송 목록',
        devicesTable: '등록된 기기 목록',
        ticketsTable: '문의 목록',
        contactName: '담당자 이름',
      },
      'en-US': {
        nav: { player: 'Player', broadcast: 'Broadcast', templates: 'Templates', reservations: 'Reservations', devices: 'Devices', tickets: /^Support/, profile: 'Store profile' },
        heading: { broadcast: 'Store broadcast', templates: 'Broadcast templates', reservations: 'Reservations', devices: 'Devices', tickets: 'Support', profile: 'Store profile' },
        recorded: 'Recorded',
        recordStart: 'Start recording',
        templatesTable: 'Broadcast templates',
        reservationsTable: 'Scheduled broadcasts',
        devicesTable: 'Registered devices',
        ticketsTable: 'Support tickets',
        contactName: 'Contact name',
      },
    } as const;

    it.each(['ko-KR', 'en-US'] as const)('every store page in %s, as screenshots, without page errors', async (locale: Locale) => {
      const x = TEXT[locale];
      const { page, context } = await openPlayerIn(env.browser, env, store(SCREENSHOTS), { locale, deviceLabel: locale === 'ko-KR' ? '계산대' : 'Checkout' });
      try {
        page.setDefaultTimeout(15_000);
        await screenshot(page, 'store-player');
        await nav(page, x.nav.broadcast);
        await heading(page, x.heading.broadcast);
        await screenshot(page, 'store-broadcast-typed');
        await page.getByRole('tab', { name: x.recorded }).click();
        await page.getByRole('button', { name: x.recordStart }).waitFor();
        await screenshot(page, 'store-broadcast-recorded');
        await nav(page, x.nav.templates);
        await heading(page, x.heading.templates);
        await page.getByRole('table', { name: x.templatesTable }).getByText('마감 안내').waitFor();
        await screenshot(page, 'store-templates');
        await nav(page, x.nav.reservations);
        await heading(page, x.heading.reservations);
        await page.getByRole('table', { name: x.reservationsTable }).getByText('오늘 저녁 7시에 시식 행사가 있습니다.').waitFor();
        await screenshot(page, 'store-reservations');
        await nav(page, x.nav.devices);
        await heading(page, x.heading.devices);
        await page.getByRole('table', { name: x.devicesTable }).waitFor();
        await screenshot(page, 'store-devices');
        await nav(page, x.nav.tickets);
        await heading(page, x.heading.tickets);
        await page.getByRole('table', { name: x.ticketsTable }).getByRole('link', { name: '음악이 가끔 끊겨요' }).click();
        await heading(page, '음악이 가끔 끊겨요');
        await page.getByText('오늘도 같은 일이 있었습니다.').waitFor();
        await screenshot(page, 'store-ticket-detail');
        await nav(page, x.nav.tickets);
        await page.getByRole('table', { name: x.ticketsTable }).waitFor();
        await screenshot(page, 'store-tickets');
        await nav(page, x.nav.profile);
        await heading(page, x.heading.profile);
        await page.getByRole('textbox', { name: x.contactName }).waitFor();
        await screenshot(page, 'store-profile');
        expect(pageErrors(page)).toEqual([]);
      } finally {
        await context.close();
      }
    }, 90_000);
  });
});

/** Waits until the locator's text contains `text`. */
async function expectText(locator: { textContent(): Promise<string | null> }, text: string): Promise<void> {
  await eventually(async () => expect(await locator.textContent()).toContain(text), 10_000);
}
