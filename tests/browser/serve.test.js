// The pages of `senet serve` in Debian's Chromium, driven by playwright-core: the page loads
// without a console error; a whole game against the random agent is played to its end by clicks;
// a broken rule file typed into the editor shows its diagnostic at its line; a record saved from
// the page replays with `senet replay`; a simulation is charted. Each step leaves a screenshot in
// screenshots/ (ignored by git).
//
// SENET_BIN names the binary (default: the release build); CHROMIUM the browser (default
// /usr/bin/chromium).
'use strict';

const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');
const { chromium } = require('playwright-core');

const ROOT = path.resolve(__dirname, '..', '..');
const SENET = process.env.SENET_BIN || path.join(ROOT, 'target', 'release', 'senet');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const SHOTS = path.join(__dirname, 'screenshots');

let server;
let url;
let context;
let profile;
const consoleErrors = [];

/** Starts `senet serve --port 0` and reads the address it prints. */
function startServer() {
  return new Promise((resolve, reject) => {
    server = spawn(SENET, ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    server.stdout.on('data', (chunk) => {
      out += chunk;
      const found = /http:\/\/[^ \n]+/.exec(out);
      if (found) resolve(found[0]);
    });
    server.on('error', reject);
    server.on('exit', (code) => reject(new Error(`senet serve ended (${code}) before it listened`)));
  });
}

test.before(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  url = await startServer();
  profile = fs.mkdtempSync(path.join(os.tmpdir(), 'senet-chromium-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    acceptDownloads: true,
    viewport: { width: 1280, height: 900 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
});

test.after(async () => {
  if (context) await context.close();
  if (server) server.kill();
  if (profile) fs.rmSync(profile, { recursive: true, force: true });
});

/** A new page that keeps every console error and failed request. */
async function open() {
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(String(e)));
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]');
  return page;
}

async function shot(page, name) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** Waits until the page has shown a new state of the game (its version moved on). */
async function nextState(page, before) {
  await page.waitForFunction((v) => Number(document.body.dataset.version || 0) > v, before);
}

function version(page) {
  return page.evaluate(() => Number(document.body.dataset.version || 0));
}

/** Starts a game of Ur with two pieces a side, a person (light) against the random agent. */
async function startGame(page, seed) {
  await page.selectOption('#play-rules', 'twenty-squares/ur');
  await page.selectOption('#play-options select[data-option="pieces"]', '2');
  await page.selectOption('#play-p1', 'human');
  await page.selectOption('#play-p2', 'easy');
  await page.fill('#play-seed', String(seed));
  const before = await version(page);
  await page.click('#play-new');
  await nextState(page, before);
}

/** Plays the game on by clicks to its end: the sticks when asked to throw, and a piece that can
 * move (or, where a piece has several moves or none is on the board, the first move listed). */
async function playToEnd(page, shots) {
  for (let step = 0; step < 2000; step++) {
    const awaiting = await page.evaluate(() => document.body.dataset.awaiting);
    if (awaiting === 'over') return step;
    const before = await version(page);
    if (awaiting === 'throw') {
      await page.click('#sticks');
    } else if (awaiting === 'move') {
      const movable = page.locator('#board .piece.movable');
      if ((await movable.count()) > 0) {
        await movable.first().click();
        // A piece with several moves is picked: its moves are lit below; play the first.
        if (await page.locator('#moves button.chosen').count()) {
          await page.locator('#moves button.chosen').first().click();
        }
      } else {
        await page.locator('#moves button').first().click();
      }
    } else {
      throw new Error(`the page awaits ${awaiting}`);
    }
    await nextState(page, before);
    if (step < shots) await shot(page, `2-game-step-${String(step).padStart(2, '0')}`);
  }
  throw new Error('the game did not end in 2000 clicks');
}

test('the page loads with no console error', async () => {
  const page = await open();
  assert.strictEqual(await page.title(), 'senet');
  assert.ok((await page.locator('#play-rules option').count()) >= 29);
  // The opponents by level, each an agent of the API.
  assert.deepStrictEqual(await page.locator('#play-p2 option').allTextContents(), [
    'human',
    'easy (random)',
    'normal (racer)',
    'hard (expectimax)',
    'perfect (optimal)',
  ]);
  await shot(page, '1-loaded');
  for (const tab of ['write', 'measure']) {
    await page.click(`.tab-button[data-tab="${tab}"]`);
    await shot(page, `1-${tab}`);
  }
  assert.deepStrictEqual(consoleErrors, []);
  await page.close();
});

let savedRecord;

test('a whole game against the random agent is played to its end by clicks', async () => {
  const page = await open();
  await startGame(page, 7);
  assert.match(await page.textContent('#status'), /light \(human\) to throw/);
  await shot(page, '2-game-start');
  const steps = await playToEnd(page, 6);
  assert.ok(steps > 4, `a game takes more than ${steps} clicks`);
  const status = await page.textContent('#status');
  assert.match(status, /^Game over: (light|dark) wins\.$/);
  // The winner's pieces are borne off: both stand in its tray as `off`.
  const winner = /(light|dark)/.exec(status)[1];
  const off = await page.locator(`#board .piece[data-side="${winner}"][data-place="off"]`).count();
  assert.strictEqual(off, 2);
  const log = await page.locator('#log li').allTextContents();
  assert.match(log[log.length - 1], /^Game over after \d+ moves/);
  await shot(page, '2-game-over');

  // Saved from the page: the record as `senet play --record` writes it.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save')]);
  savedRecord = path.join(os.tmpdir(), `senet-browser-${process.pid}.json`);
  await download.saveAs(savedRecord);

  // Replayed step by step on the page: the start, then on.
  let before = await version(page);
  await page.click('#replay-first');
  await nextState(page, before);
  assert.match(await page.textContent('#status'), /^Replaying: decision 0 of \d+/);
  assert.strictEqual(await page.locator('#board .piece[data-place="off"]').count(), 0);
  before = await version(page);
  await page.click('#replay-next');
  await nextState(page, before);
  assert.match(await page.textContent('#status'), /^Replaying: decision 1 of/);
  await shot(page, '2-replay');
  assert.deepStrictEqual(consoleErrors, []);
  await page.close();
});

test('a record saved from the page replays with senet replay', async () => {
  assert.ok(savedRecord, 'the game test saved a record');
  const run = spawnSync(SENET, ['replay', savedRecord], { encoding: 'utf8' });
  assert.strictEqual(run.status, 0, run.stderr);
  assert.match(run.stdout, /^ok {2}.*twenty-squares\/ur replayed, \d+ events, \d+ moves: (light|dark) wins/);

  // Loaded back into the page, it is the same game at its end.
  const page = await open();
  const before = await version(page);
  await page.setInputFiles('#play-load', savedRecord);
  await nextState(page, before);
  assert.match(await page.textContent('#status'), /^Game over: (light|dark) wins\./);
  await shot(page, '4-record-loaded');
  fs.rmSync(savedRecord, { force: true });
  assert.deepStrictEqual(consoleErrors, []);
  await page.close();
});

test('a broken rule file typed into the editor shows its diagnostic at its line', async () => {
  const page = await open();
  await page.click('.tab-button[data-tab="write"]');
  // The sample checks: no error, and the board drawn.
  await page.waitForSelector('#diagnostics li.ok');
  await page.waitForSelector('#write-board svg');
  await shot(page, '3-editor-sample');
  const checked = await page.evaluate(() => Number(document.body.dataset.checked || 0));
  await page.fill('#source', '');
  await page.type('#source', 'ruleset "mine"\ntitle "Mine"\nextends "senet/base"\n\nboart 3 x 10 snake\n');
  await page.waitForFunction(
    (c) => Number(document.body.dataset.checked || 0) > c && document.querySelector('#diagnostics li.error'),
    checked,
  );
  const first = page.locator('#diagnostics li.error').first();
  // `boart` is on line 5, column 1: E003, with the fix in its help.
  assert.strictEqual(await first.getAttribute('data-line'), '5');
  assert.strictEqual(await first.getAttribute('data-column'), '1');
  assert.strictEqual(await first.getAttribute('data-code'), 'E003');
  assert.match(await first.textContent(), /did you mean `board`\?/);
  assert.strictEqual(await page.getAttribute('#gutter span[data-line="5"]', 'class'), 'error');
  assert.strictEqual(await page.locator('#gutter span.error').count(), 1);
  await shot(page, '3-editor-error');
  // Clicking the diagnostic puts the cursor there.
  await first.click();
  const cursor = await page.evaluate(() => {
    const s = document.getElementById('source');
    return s.value.slice(0, s.selectionStart).split('\n').length;
  });
  assert.strictEqual(cursor, 5);
  assert.deepStrictEqual(consoleErrors, []);
  await page.close();
});

test('a simulation is measured and charted', async () => {
  const page = await open();
  await page.click('.tab-button[data-tab="measure"]');
  await page.selectOption('#sim-rules', 'twenty-squares/ur');
  await page.selectOption('#sim-p1', 'normal');
  await page.selectOption('#sim-p2', 'easy');
  await page.fill('#sim-games', '500');
  await page.click('#sim-run');
  await page.waitForFunction(() => document.body.dataset.simulated);
  assert.match(await page.textContent('#sim-status'), /^500 games of twenty-squares\/ur in/);
  // A bar with its interval for each side, and the lengths of all 500 games in the bars' titles.
  assert.strictEqual(await page.locator('#sim-wins rect').count(), 2);
  const titles = await page.locator('#sim-lengths rect title').allTextContents();
  const games = titles.reduce((sum, t) => sum + Number(/: (\d+) games$/.exec(t)[1]), 0);
  assert.strictEqual(games, 500);
  await shot(page, '5-measure');
  assert.deepStrictEqual(consoleErrors, []);
  await page.close();
});
