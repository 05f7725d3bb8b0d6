// The pages of `senet serve`: Games, Play, Write and Measure, over the server's JSON API
// (docs/formats.md). Plain JavaScript, no build step. `document.body.dataset` says what the page
// is doing (`awaiting`, `version`, `checked`, `simulated`; the Games view's `data-shown`, the rule
// set it shows), and each form's `data-perfect` whether
// the level perfect can play its rules (`checking` while the server is asked), for people's
// scripts and the tests.
'use strict';

const $ = (id) => document.getElementById(id);

/** Calls the API; an answer that is not 2xx throws an Error with the server's message. */
async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const type = response.headers.get('content-type') || '';
  const data = type.startsWith('application/json') ? await response.json() : await response.text();
  if (!response.ok) {
    const error = new Error((data && data.error) || `${response.status} ${response.statusText}`);
    error.status = response.status;
    error.data = data;
    throw error;
  }
  return data;
}

function say(text) {
  $('message').textContent = text || '';
}

function element(tag, text, className) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (className) e.className = className;
  return e;
}

const SVG = 'http://www.w3.org/2000/svg';

function svgElement(tag, attrs, text) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Puts an SVG drawn by the server into `holder`: the picture itself. */
function showSvg(holder, text) {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const svg = document.importNode(doc.documentElement, true);
  holder.replaceChildren(svg);
  return svg;
}

// ---- tabs --------------------------------------------------------------------------------------

const TABS = [...document.querySelectorAll('.tab-button')];

for (const button of TABS) {
  // The arrow keys go from tab to tab, as in any tab list; Tab goes on into the page.
  button.addEventListener('keydown', (event) => {
    const by = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!by) return;
    event.preventDefault();
    const next = TABS[(TABS.indexOf(button) + by + TABS.length) % TABS.length];
    next.focus();
    next.click();
  });
  button.addEventListener('click', () => {
    for (const b of TABS) {
      b.setAttribute('aria-selected', String(b === button));
      b.tabIndex = b === button ? 0 : -1;
    }
    for (const tab of document.querySelectorAll('.tab')) {
      tab.hidden = tab.id !== button.dataset.tab;
    }
    if (button.dataset.tab === 'write') {
      writeChanged();
    } else {
      // The Write page's file may have changed: so may its options, and whether it can be solved.
      for (const form of FORMS) if (form.source.checked) formChanged(form);
    }
  });
}

// ---- rule sets and options ---------------------------------------------------------------------

let rulesets = [];

/** The values an option allows, each written as the rule file writes it (`1..7` spelt out). */
function values(allowed) {
  const out = [];
  for (const a of allowed) {
    const range = /^(\d+)\.\.(\d+)$/.exec(a);
    if (range) {
      for (let n = Number(range[1]); n <= Number(range[2]); n++) out.push(String(n));
    } else {
      out.push(a);
    }
  }
  return out;
}

/** Fills `holder` with a select for each option of the rule set chosen in `select`. */
function showOptions(select, holder) {
  const set = rulesets.find((r) => r.id === select.value);
  fillOptions(holder, (set && set.options) || [], {});
}

/** Fills `holder` with a select for each of `options` (`name`, `allowed`, `default`), on the value
 * `keep` gives where it allows it, else on the default. */
function fillOptions(holder, options, keep) {
  holder.replaceChildren();
  for (const o of options) {
    const label = element('label', `${o.name} `);
    const choice = element('select');
    choice.dataset.option = o.name;
    const allowed = values(o.allowed);
    const chosen = allowed.includes(keep[o.name]) ? keep[o.name] : o.default;
    for (const v of allowed) {
      const opt = element('option', v);
      opt.value = v;
      opt.selected = v === chosen;
      choice.append(opt);
    }
    label.append(choice);
    holder.append(label);
  }
}

function chosenOptions(holder) {
  const options = {};
  for (const s of holder.querySelectorAll('select[data-option]')) options[s.dataset.option] = s.value;
  return options;
}

/** The players: a person, or an opponent by its level (the name the API takes), with its agent. */
const LEVELS = {
  human: 'human',
  easy: 'easy (random)',
  normal: 'normal (racer)',
  hard: 'hard (expectimax)',
  perfect: 'perfect (optimal)',
  // The players of games of more than two sides.
  random: 'easy (random)',
  greedy: 'normal (greedy)',
  expectimax: 'hard (expectimax)',
};

function fillPlayers(select, names, chosen) {
  for (const name of names) {
    const opt = element('option', LEVELS[name]);
    opt.value = name;
    opt.selected = name === chosen;
    select.append(opt);
  }
}

async function loadRulesets() {
  rulesets = await api('GET', '/api/rulesets');
  for (const [select, holder, initial] of [
    [$('play-rules'), $('play-options'), 'senet/kendall'],
    [$('sim-rules'), $('sim-options'), 'senet/kendall'],
    [$('write-against'), null, 'senet/base'],
    [$('compare-rules'), null, 'senet/kendall'],
  ]) {
    // Measure and Compare play two sides; Play plays any number, and a variant may extend any
    // rule set.
    for (const r of rulesets.filter((x) => select === $('write-against') || select === $('play-rules') || !manySided(x))) {
      const opt = element('option', manySided(r) ? `${r.id} (${r.sides} players)` : r.id);
      opt.value = r.id;
      opt.title = r.title || '';
      opt.selected = r.id === initial;
      select.append(opt);
    }
    if (holder) showOptions(select, holder);
  }
  const levels = ['easy', 'normal', 'hard', 'perfect'];
  await showPlayers();
  fillPlayers($('sim-p1'), levels, 'normal');
  fillPlayers($('sim-p2'), levels, 'easy');
  // A comparison plays no solved table: no perfect player.
  fillPlayers($('compare-p1'), levels.slice(0, 3), 'easy');
  fillPlayers($('compare-p2'), levels.slice(0, 3), 'easy');
  for (const opt of $('compare-rules').options) opt.selected = ['senet/kendall', 'senet/bell-1960'].includes(opt.value);
}

/** The forms that choose rules: a bundled rule set, or (ticked) the Write page's file, each with
 * the options of the rules chosen, and the players. */
const FORMS = [
  { form: $('play-setup'), select: $('play-rules'), holder: $('play-options'), source: $('play-source'), players: [$('play-p1'), $('play-p2')] },
  { form: $('sim-setup'), select: $('sim-rules'), holder: $('sim-options'), source: $('sim-source'), players: [$('sim-p1'), $('sim-p2')] },
];

/** The options of the Write page's file, by its text: the last text asked about, as a promise
 * (none where the file does not check). */
let sourceOptions = { text: null, options: null, sides: null };

function optionsOfSource(text) {
  if (sourceOptions.text !== text) {
    const explained = (async () => {
      const entry = (await api('POST', '/api/check', { source: text })).files[0];
      return entry.ok ? await api('POST', '/api/explain', { source: text }) : {};
    })();
    const options = explained.then((e) => e.options || []);
    const sides = explained.then((e) => ({ n: (e.sides || []).length || 2, many: Boolean(e.many) }));
    sourceOptions = { text, options, sides };
    // Asked again next time, if this failed.
    options.catch(() => {
      if (sourceOptions.options === options) sourceOptions = { text: null, options: null, sides: null };
    });
  }
  return sourceOptions.options;
}

/** Shows a form's options: the bundled rule set's, or those of the Write page's file. */
async function showFormOptions(form) {
  form.select.disabled = form.source.checked;
  if (!form.source.checked) {
    delete form.holder.dataset.source;
    showOptions(form.select, form.holder);
    return;
  }
  const text = $('source').value;
  if (form.holder.dataset.source === text) return;
  // A bundled rule set's options are not the file's: none shows until the file's are known.
  const keep = form.holder.dataset.source === undefined ? {} : chosenOptions(form.holder);
  if (form.holder.dataset.source === undefined) form.holder.replaceChildren();
  let options = [];
  try {
    options = await optionsOfSource(text);
  } catch (e) {
    say(e.message);
  }
  if (!form.source.checked || $('source').value !== text) return;
  fillOptions(form.holder, options, keep);
  form.holder.dataset.source = text;
}

/** The rules of a form changed: their options are shown, the Play form's players (one a side),
 * and whether perfect can play them. */
async function formChanged(form) {
  await showFormOptions(form);
  if (form === FORMS[0]) await showPlayers();
  await checkPerfect(form);
}

/** How many sides the Play form's rules have, and whether the engine for many sides plays them:
 * the bundled rule set's, or the Write page's file's (two of the two-sided engine where it does
 * not check). */
async function playSides() {
  const form = FORMS[0];
  const two = { n: 2, many: false };
  if (form.source.checked) {
    optionsOfSource($('source').value);
    try {
      return (await sourceOptions.sides) || two;
    } catch {
      return two;
    }
  }
  const set = rulesets.find((r) => r.id === form.select.value);
  return set ? { n: set.sides || 2, many: manySided(set) } : two;
}

/** The Play form's players, one a side: the levels of a game of two sides (perfect among them),
 * or those of a game of more (random, greedy, expectimax), a person first and the computer
 * after, each choice kept where the same levels are offered again. */
async function showPlayers() {
  const { n, many } = await playSides();
  const more = $('play-more');
  const selects = [$('play-p1'), $('play-p2')];
  for (let k = 3; k <= n; k++) {
    let select = $(`play-p${k}`);
    if (!select) {
      const label = element('label', `Player ${k} `);
      select = element('select', '', 'players');
      select.id = `play-p${k}`;
      label.append(select);
      more.append(label);
    }
    selects.push(select);
  }
  for (const label of [...more.children]) {
    if (Number(label.querySelector('select').id.slice('play-p'.length)) > n) label.remove();
  }
  const levels = many ? ['random', 'greedy', 'expectimax'] : ['easy', 'normal', 'hard', 'perfect'];
  selects.forEach((select, k) => {
    const names = ['human', ...levels];
    const kept = names.includes(select.value) && select.dataset.levels === levels.join() ? select.value : null;
    select.replaceChildren();
    fillPlayers(select, names, kept || (k === 0 ? 'human' : many ? 'greedy' : 'normal'));
    select.dataset.levels = levels.join();
  });
  FORMS[0].players = selects;
}

for (const form of FORMS) {
  form.select.addEventListener('change', () => formChanged(form));
  form.source.addEventListener('change', () => formChanged(form));
  // The options' selects are made anew for each rule set: their changes are heard here.
  form.holder.addEventListener('change', () => checkPerfect(form));
}

/** Asks the server whether it can solve the rules of `form` for the level perfect (the optimal
 * agent plays from a table solved when the game starts, within the server's limits), and offers
 * perfect in the form's players only where it can. The form's `data-perfect` says what is known:
 * `checking` while the server is asked (the players' lists, made anew for other rules, may offer
 * perfect until it answers), then `yes`, `no`, or `unknown` (the server could not tell now:
 * perfect stays offered, and a new game says why it cannot start). */
async function checkPerfect(form) {
  const run = (form.perfectRun = (form.perfectRun || 0) + 1);
  form.form.dataset.perfect = 'checking';
  let answer = null;
  try {
    const rules = await rulesOf(form);
    // A file that does not check cannot be asked about: the Write page says why.
    const checks = rules.source === undefined || (await api('POST', '/api/check', { source: rules.source })).files[0].ok;
    if (checks) answer = await api('POST', '/api/solvable', rules);
  } catch {
    answer = null;
  }
  if (run !== form.perfectRun) return;
  const refused = answer !== null && answer.solvable === false;
  for (const select of form.players) {
    const option = select.querySelector('option[value="perfect"]');
    if (!option) continue;
    option.disabled = refused;
    option.textContent = refused ? `${LEVELS.perfect}: ${answer.reason}` : LEVELS.perfect;
    option.title = refused ? answer.detail : '';
    // A level that cannot play is not left chosen.
    if (refused && select.value === 'perfect') select.value = 'hard';
  }
  form.form.dataset.perfect = answer === null ? 'unknown' : refused ? 'no' : 'yes';
}

/** The rules of a form, with its options: the bundled rule set chosen, or the Write page's file
 * (its options made sure of first, the file having perhaps changed since they were shown). */
async function rulesOf(form) {
  if (form.source.checked) {
    await showFormOptions(form);
    return { source: $('source').value, options: chosenOptions(form.holder) };
  }
  return { rules: form.select.value, options: chosenOptions(form.holder) };
}

// ---- games -------------------------------------------------------------------------------------

/** Whether the engine for many sides plays a rule set of the list: more than two sides, or a
 * rule only that engine plays (the page shows, draws, measures it by random play and plays it;
 * Measure, Compare and Solve take the two-sided engine's). */
function manySided(r) {
  return Boolean(r.many) || (r.sides || 2) > 2;
}

/** A family's name from its folder: `twenty-squares` reads "Twenty squares". */
function familyName(folder) {
  const words = folder.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Lists every bundled rule set by family (the folder of its id), each with its title and sources. */
function showGames() {
  const families = new Map();
  for (const r of rulesets) {
    const folder = r.id.includes('/') ? r.id.slice(0, r.id.indexOf('/')) : r.id;
    if (!families.has(folder)) families.set(folder, []);
    families.get(folder).push(r);
  }
  const out = [];
  for (const [folder, sets] of families) {
    const heading = element('h2', familyName(folder));
    heading.id = `family-${folder}`;
    const list = element('ul', undefined, 'games-family');
    list.setAttribute('aria-labelledby', heading.id);
    for (const r of sets) {
      const item = element('li');
      item.dataset.id = r.id;
      const choose = element('button', r.title || r.id, 'game-choice');
      choose.type = 'button';
      choose.dataset.id = r.id;
      choose.addEventListener('click', () => chooseGame(r.id));
      item.append(choose, element('span', r.id, 'game-id'));
      if (manySided(r)) item.append(element('span', `${r.sides} players`, 'game-sides'));
      const sources = element('ul', undefined, 'sources');
      for (const text of r.sources || []) sources.append(element('li', text));
      item.append(sources);
      list.append(item);
    }
    out.push(heading, list);
  }
  $('games-list').replaceChildren(...out);
}

let gameRun = 0;

/** Whether the screen is narrow (a phone held upright): boards are then drawn for it, a grid
 * turned a quarter so that its squares keep their size. */
function narrow() {
  return window.matchMedia('(max-width: 600px)').matches;
}

/** Shows a rule set: its title, its board, its sources and its rules in words. */
async function chooseGame(id) {
  const run = ++gameRun;
  for (const b of document.querySelectorAll('.game-choice')) {
    if (b.dataset.id === id) b.setAttribute('aria-current', 'true');
    else b.removeAttribute('aria-current');
  }
  const view = $('game-view');
  view.dataset.id = id;
  try {
    const [explained, svg] = await Promise.all([
      api('POST', '/api/explain', { rules: id }),
      api('GET', `/api/draw?rules=${encodeURIComponent(id)}&paths=1${narrow() ? '&narrow=1' : ''}`),
    ]);
    if (run !== gameRun) return;
    $('game-title').textContent = explained.title || id;
    showSvg($('game-board'), svg);
    $('game-sources').replaceChildren(...(explained.sources || []).map((t) => element('li', t)));
    $('game-explain').textContent = explained.text;
    $('game-figures').textContent = '';
    const set = rulesets.find((r) => r.id === id);
    const many = Boolean(set && manySided(set));
    $('game-measure').hidden = many;
    $('game-solve').hidden = many;
    $('game-many').hidden = !many;
    if (many) {
      const players = Array(set.sides).fill('greedy');
      players[0] = 'human';
      $('game-many').textContent = `A game of ${set.sides} players: Play sets a player for each side, people and the computer mixed. In the terminal: \`senet play ${id} --players ${players.join(',')}\`.`;
    }
    const why = set && set.sides > 2 ? `this one has ${set.sides}` : 'this one is played by the engine for many sides';
    $('game-perfect').textContent = many ? `The solver plays games of two sides: ${why}.` : '';
    showAgainst(id);
    $('game-none').hidden = true;
    $('game-chosen').hidden = false;
    view.dataset.shown = id;
    // On a narrow screen the view is below the long list: it is brought into sight.
    if (view.getBoundingClientRect().top > window.innerHeight) view.scrollIntoView();
  } catch (e) {
    if (run === gameRun) say(e.message);
  }
}

/** Fills the list of readings to compare `id` with (those of its family first, the first of
 * them chosen) and shows how the two differ. */
function showAgainst(id) {
  const family = (r) => (r.id.includes('/') ? r.id.slice(0, r.id.indexOf('/')) : r.id);
  const own = family({ id });
  const others = rulesets.filter((r) => r.id !== id);
  const sorted = [...others.filter((r) => family(r) === own), ...others.filter((r) => family(r) !== own)];
  const select = $('game-against');
  select.replaceChildren(
    ...sorted.map((r) => {
      const opt = element('option', r.id);
      opt.value = r.id;
      opt.title = r.title || '';
      return opt;
    }),
  );
  showDiff();
}

/** How the reading shown differs from the one chosen to compare it with (`senet diff`). */
async function showDiff() {
  const id = $('game-view').dataset.id;
  const against = $('game-against').value;
  $('game-diff').textContent = '';
  if (!id || !against) return;
  try {
    const d = await api('POST', '/api/diff', { rules: id, against });
    if ($('game-view').dataset.id === id && $('game-against').value === against) $('game-diff').textContent = d.text;
  } catch (e) {
    say(e.message);
  } finally {
    document.body.dataset.diffed = String(++version);
  }
}

$('game-against').addEventListener('change', showDiff);

/** A thousand random games of the reading shown: how often each side wins (with its interval)
 * and how long a game is, as `senet sim` gives them. */
async function randomFigures() {
  const id = $('game-view').dataset.shown;
  if (!id) return;
  const out = $('game-figures');
  out.textContent = 'Playing...';
  $('game-random').disabled = true;
  try {
    const r = await api('POST', '/api/sim', { rules: id, games: 1000, seed: 1 });
    if ($('game-view').dataset.shown !== id) return;
    const pct = (x) => `${(100 * x).toFixed(1)} %`;
    if (r.format === 'senet-multi-sim/1') {
      // Games of many sides are won by teams.
      const teams = r.teams.map((t) => `${t.sides.join(' + ')} ${pct(t.win_rate.rate)} [${pct(t.win_rate.ci95[0])}, ${pct(t.win_rate.ci95[1])}]`);
      const unfinished = r.unfinished ? `, ${r.unfinished} stopped at the turn cap` : '';
      out.textContent = `Won by ${teams.join(', ')} (95 % intervals)${unfinished}; ${r.moves_per_game.toFixed(1)} moves a game on average. As \`senet sim ${id} --games 1000 --seed 1\` gives them.`;
      return;
    }
    const side = (name) => {
      const w = r.win_rate[name];
      return `${name} ${pct(w.rate)} [${pct(w.ci95[0])}, ${pct(w.ci95[1])}]`;
    };
    const draws = r.draws ? `, ${r.draws} drawn` : '';
    out.textContent = `Won by ${side(r.sides[0])}, ${side(r.sides[1])} (95 % intervals)${draws}; ${r.moves.mean.toFixed(1)} moves a game on average, ${r.moves.p10} to ${r.moves.p90} in most. As \`senet sim ${id} --games 1000 --seed 1\` gives them.`;
  } catch (e) {
    out.textContent = e.message;
  } finally {
    $('game-random').disabled = false;
    document.body.dataset.figured = String(++version);
  }
}

$('game-random').addEventListener('click', randomFigures);

/** The chances of each side under perfect play, solved exactly by the server (with fewer pieces
 * where the whole game is too large to solve here), as `senet solve` gives them. */
async function perfectFigures() {
  const id = $('game-view').dataset.shown;
  if (!id) return;
  const out = $('game-perfect');
  out.textContent = 'Solving...';
  $('game-solve').disabled = true;
  try {
    const r = await api('POST', '/api/perfect', { rules: id, fewer: true });
    if ($('game-view').dataset.shown !== id) return;
    const pct = (x) => `${(100 * x).toFixed(1)} %`;
    const [first, second] = Object.keys(r.win_probability);
    const options = Object.entries(r.options);
    const smaller = options.length
      ? ` With ${options.map(([k, v]) => (k === 'pieces' ? `${v} piece${v === '1' ? '' : 's'} a side` : `${k}=${v}`)).join(', ')}: the whole game is too large to solve here.`
      : '';
    const draws = r.draw_probability > 0 ? `, drawn ${pct(r.draw_probability)}` : '';
    const flags = options.map(([k, v]) => ` --option ${k}=${v}`).join('');
    out.textContent = `${r.to_move} moves first. If both play perfectly, ${first} wins ${pct(r.win_probability[first])} of games and ${second} ${pct(r.win_probability[second])}${draws}.${smaller} Solved exactly over ${r.states.toLocaleString('en')} positions, as \`senet solve ${id}${flags}\` gives it.`;
  } catch (e) {
    if ($('game-view').dataset.shown === id) out.textContent = e.message;
  } finally {
    $('game-solve').disabled = false;
    document.body.dataset.solved = String(++version);
  }
}

$('game-solve').addEventListener('click', perfectFigures);

/** Goes to the Play or Measure tab with the rule set shown chosen there. */
function useGame(form, tab) {
  const id = $('game-view').dataset.shown;
  if (!id) return;
  form.source.checked = false;
  form.select.value = id;
  formChanged(form);
  $(tab).click();
}

$('game-play').addEventListener('click', () => useGame(FORMS[0], 'tab-play'));
$('game-measure').addEventListener('click', () => useGame(FORMS[1], 'tab-measure'));
$('game-variant').addEventListener('click', () => {
  const id = $('game-view').dataset.shown;
  if (!id) return;
  $('source').value = `ruleset "my/variant"\nextends "${id}"\n`;
  // The variant is compared with the rules it extends.
  $('write-against').value = id;
  $('tab-write').click();
});

// ---- play --------------------------------------------------------------------------------------

let game = null; // the last state the server gave
let viewing = null; // the decision viewed while replaying, or null: where the game stands
let version = 0;

function setAwaiting(what) {
  document.body.dataset.awaiting = what;
  document.body.dataset.version = String(++version);
}

async function newGame(event) {
  event.preventDefault();
  say('');
  const body = await rulesOf(FORMS[0]);
  body.players = FORMS[0].players.map((select) => select.value);
  const seed = $('play-seed').value.trim();
  if (seed !== '') body.seed = Number(seed);
  try {
    viewing = null;
    await show(await api('POST', '/api/games', body));
  } catch (e) {
    say(e.message);
    noGame('No new game: the message above says why.');
  }
}

/** Takes the game off the page (a new one was refused): nothing of it is left to play or step
 * through, so that it cannot be taken for the game asked for. */
function noGame(status) {
  game = null;
  viewing = null;
  $('board').replaceChildren();
  $('moves').replaceChildren();
  $('log').replaceChildren();
  const sticks = $('sticks');
  sticks.disabled = true;
  sticks.classList.remove('ready', 'rolling');
  for (const id of ['undo', 'hint', 'save', 'review-game', 'replay-first', 'replay-back', 'replay-next', 'replay-last']) $(id).disabled = true;
  $('replay-at').textContent = '';
  $('status').textContent = status;
  $('goal').textContent = '';
  $('callout').replaceChildren();
  hideReview();
  setAwaiting('none');
}

/** Gives the throw button as many lots as the rules throw (four for dice, two of them shown). */
function showLots(button, count) {
  const lots = button.querySelectorAll('.stick');
  for (let i = lots.length; i < count; i++) button.insertBefore(element('span', '', 'stick'), button.querySelector('.sticks-label'));
  for (let i = count; i < lots.length; i++) lots[i].remove();
}

/** Draws a game's state: the board (with what can move), the throw, the moves, the log. */
async function show(state) {
  game = state;
  const id = state.id;
  const at = viewing === null ? '' : `&at=${viewing}`;
  const live = viewing === null;
  const svg = await api('GET', `/api/games/${id}/draw?paths=0${at}${narrow() ? '&narrow=1' : ''}`);
  const before = piecesAt($('board'));
  showSvg($('board'), svg);
  const log = $('log');
  log.replaceChildren(...state.log.map((line) => element('li', line)));
  log.scrollTop = log.scrollHeight;
  const sticks = $('sticks');
  sticks.disabled = !live || state.awaiting !== 'throw';
  sticks.classList.toggle('ready', live && state.awaiting === 'throw');
  sticks.classList.toggle('dice', Boolean(state.dice));
  sticks.classList.toggle('tetrahedra', Boolean(state.tetrahedra));
  sticks.classList.toggle('cowries', Boolean(state.cowries));
  showLots(sticks, state.lots || 4);
  $('undo').disabled = !live || !state.can_undo;
  $('hint').disabled = !live || state.awaiting !== 'move';
  $('save').disabled = false;
  // A game with no move yet has nothing to review; a game of more than two sides is reviewed
  // in the terminal (`senet review`).
  $('review-game').disabled = !live || !state.moves_played || Boolean(state.teams);
  if (reviewed !== null && reviewed !== id) hideReview();
  const moves = $('moves');
  moves.replaceChildren();
  let status;
  const who = `${state.to_move} (${playerOf(state, state.to_move)})`;
  if (state.awaiting === 'over') {
    const o = state.outcome || {};
    // A team of several sides wins together (`red + yellow win.`).
    const won = o.winners && o.winners.length > 1 ? `Game over: ${o.winner} win.` : `Game over: ${o.winner} wins.`;
    status = state.stopped ? `Game stopped by the server: ${state.stopped}.` : o.winner ? won : o.draw ? 'Game over: a draw.' : 'Game over: the turn limit was reached.';
    if (live && !state.teams) status += ' Review shows each move against the best one.';
  } else if (!live) {
    // Nothing on the board can be played while replaying: only the buttons below step.
    status = state.awaiting === 'throw' ? `${who} to throw.` : `${who} to move with ${state.throw_text}.`;
  } else if (state.awaiting === 'throw') {
    status = `${who} to throw: click Throw.`;
  } else {
    const passed = state.passed ? ' (passed to it: the other side could not use them)' : '';
    status = `${who} to move with ${state.throw_text}${passed}: click a piece or a green square, or a move below.`;
  }
  if (!live) status = `Replaying: decision ${viewing} of ${state.decisions}. ${status} ◀ ▶ step through the game, » goes back to where it stands.`;
  $('status').textContent = status;
  const side = state.awaiting === 'over' ? null : state.sides.find((s) => s.name === state.to_move);
  $('goal').textContent = side ? `${who}: ${side.goal}` : '';
  markLastMove(state);
  if (live) animateLastMove(state, before);
  if (live && state.awaiting === 'move' && state.by_steps) {
    taken = [];
    await stepTurn(state);
  } else if (live && state.awaiting === 'move') {
    state.moves.forEach((m) => {
      const b = element('button', m.text);
      b.type = 'button';
      b.dataset.index = String(m.index);
      b.addEventListener('click', () => play(m.index));
      moves.append(b);
    });
    markMovable(state);
  }
  showReplay(state);
  setAwaiting(live ? state.awaiting : 'replay');
}

/** The steps taken so far in a turn of dice played one by one (places along the mover's path). */
let taken = [];

/** A turn of dice played one by one, chosen a step at a time: the server says which steps can
 * come next and draws the board after those taken; a click on a piece lights where it can go,
 * a click there (or on a step below) takes the step, until the steps make one of the turn's
 * moves, which is then played. */
async function stepTurn(state) {
  let r;
  try {
    r = await api('POST', `/api/games/${state.id}/steps`, { steps: taken, narrow: narrow() });
  } catch (e) {
    say(e.message);
    return;
  }
  if (r.chosen !== null && r.chosen !== undefined) {
    taken = [];
    await play(r.chosen);
    return;
  }
  const board = $('board');
  showSvg(board, r.svg);
  markLastMove(state);
  const who = `${state.to_move} (${playerOf(state, state.to_move)})`;
  const left = (r.dice_left || []).join(', ');
  const done = taken.length ? ` ${taken.length} step${taken.length === 1 ? '' : 's'} taken;` : '';
  $('status').textContent = `${who} to move with ${state.throw_text}, one die at a time:${done} dice left ${left}. Click a piece, then where it goes, or a step below.`;
  const moves = $('moves');
  moves.replaceChildren();
  // A step moves a piece, or takes the other side's piece (`{take}`: the dice take lone pieces).
  const take = (o) => {
    taken.push(o.take !== undefined ? { take: o.take } : { from: o.from, to: o.to });
    stepTurn(game);
  };
  const enemy = (state.sides.find((x) => x.name !== state.to_move) || {}).name;
  const name = (sq, place) => (sq !== null && sq !== undefined ? String(sq) : place === 0 ? 'enter' : 'off');
  for (const o of r.options) {
    const dice = o.dice && o.dice.length > 1 ? `${o.dice.join(' and ')} together` : o.die;
    // A step from a place to itself takes a piece off its start stack there, or puts it back.
    const what =
      o.take !== undefined
        ? `take ${enemy} on ${o.to_square}`
        : o.from === o.to
          ? `${name(o.from_square, o.from)}: a piece off (or back on) its stack`
          : `${name(o.from_square, o.from)} → ${name(o.to_square, o.to)}`;
    const b = element('button', `${what} with the ${dice}`);
    b.type = 'button';
    b.addEventListener('click', () => take(o));
    moves.append(b);
  }
  // Where the dice left may be left unplayed (a double's faces beneath), the turn may end here.
  if (r.may_end !== null && r.may_end !== undefined) {
    const end = element('button', 'End the turn here', 'end-turn');
    end.type = 'button';
    end.addEventListener('click', async () => {
      taken = [];
      await play(r.may_end);
    });
    moves.append(end);
  }
  if (taken.length) {
    const again = element('button', 'Start the turn again', 'again');
    again.type = 'button';
    again.addEventListener('click', () => {
      taken = [];
      stepTurn(game);
    });
    moves.append(again);
  }
  // A piece picked, then a square: the step from that piece to that square. A square alone
  // takes the step that reaches it when only one does.
  const side = state.to_move;
  let picked = null;
  const byPlace = new Map();
  const bySquare = new Map();
  for (const o of r.options) {
    const from = String(o.from);
    if (o.take === undefined) {
      if (!byPlace.has(from)) byPlace.set(from, []);
      byPlace.get(from).push(o);
    }
    if (o.to_square !== null && o.to_square !== undefined) {
      const to = String(o.to_square);
      if (!bySquare.has(to)) bySquare.set(to, []);
      bySquare.get(to).push(o);
    }
  }
  const light = () => {
    for (const p of board.querySelectorAll('.picked')) p.classList.remove('picked');
    if (picked === null) return;
    const piece = board.querySelector(`.piece.movable[data-place="${CSS.escape(picked)}"]`);
    if (piece) piece.classList.add('picked');
    for (const o of byPlace.get(picked)) {
      const target = o.to_square !== null && squareOf(board, o.to_square);
      if (target) target.classList.add('picked');
    }
  };
  for (const [from, list] of byPlace) {
    const piece = board.querySelector(`.piece[data-side="${CSS.escape(side)}"][data-place="${CSS.escape(from)}"]`);
    if (!piece) continue;
    piece.classList.add('movable');
    clickable(piece, from === '0' ? `${side} piece waiting to enter` : `${side} piece at ${from}`, () => {
      if (list.length === 1) {
        take(list[0]);
        return;
      }
      picked = from;
      light();
    });
  }
  for (const [square, list] of bySquare) {
    const target = squareOf(board, square);
    if (!target) continue;
    target.classList.add('target');
    clickable(target, `to square ${square}`, () => {
      const mine = picked === null ? list : list.filter((o) => String(o.from) === picked);
      if (mine.length === 1) take(mine[0]);
      else if (list.length > 1) say('Several pieces can go there: click the piece first.');
    });
  }
}

function playerOf(state, side) {
  const s = state.sides.find((x) => x.name === side);
  return s ? s.player : '';
}

/** Marks the squares the last move went from and to, and calls out a capture or an extra throw
 * (the log says so too, among its other lines). */
function markLastMove(state) {
  const board = $('board');
  const last = state.last_move;
  const callout = $('callout');
  callout.replaceChildren();
  if (!last) return;
  for (const s of last.squares) {
    const from = s.from !== null && squareOf(board, s.from);
    if (from) from.classList.add('last-from');
    const to = s.to !== null && squareOf(board, s.to);
    if (to) to.classList.add('last-to');
  }
  const calls = [];
  if (last.captures > 0) calls.push(['captures', `${last.side} captures!`]);
  if (last.swaps > 0) calls.push(['swaps', `${last.side} swaps!`]);
  if (last.extra_throw) calls.push(['extra-throw', `${last.side} throws again`]);
  callout.replaceChildren(...calls.map(([kind, text]) => element('span', text, kind)));
}

// ---- moves animated --------------------------------------------------------------------------

/** The game whose board is drawn, and how many moves it had then: a move is animated only when
 * the same game has gone on (not when a game opens, is shown again, or a move is undone). */
let drawn = { id: null, moves: 0 };

/** Milliseconds a step of a move takes on the board. */
const STEP_MS = 320;

/** Where each side's pieces are drawn on `board`, by side and place (`data-side`, `data-place`):
 * the centre of the last piece drawn there (the top of a pile). */
function piecesAt(board) {
  const at = new Map();
  for (const p of board.querySelectorAll('.piece')) {
    const c = p.querySelector('circle');
    if (c) at.set(`${p.dataset.side}|${p.dataset.place}`, { x: Number(c.getAttribute('cx')), y: Number(c.getAttribute('cy')) });
  }
  return at;
}

/** The centre of square `square` on `board`, or null. */
function centreOf(board, square) {
  const g = square !== null && square !== undefined && squareOf(board, square);
  if (!g) return null;
  const b = g.getBBox();
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

/** Moves the pieces of the last move from where they stood (`before`: the board drawn before)
 * to where they stand, square by square, one piece after another, at a pace a person can
 * follow: each piece's journey is its steps chained (a step from where the one before ended).
 * Not where the person asks for less motion; a click or a key ends the motion at once. */
function animateLastMove(state, before) {
  const went = drawn.id === state.id && state.moves_played > drawn.moves;
  drawn = { id: state.id, moves: state.moves_played };
  const last = state.last_move;
  if (!went || !last || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const board = $('board');
  const journeys = [];
  last.steps.forEach((st, k) => {
    // A take moves no piece of the side (the dice take lone pieces).
    if (st.take !== undefined) return;
    const going = journeys.find((j) => String(j.end) === String(st.from));
    const via = centreOf(board, last.squares[k] && last.squares[k].to);
    if (going) {
      if (going.endAt) going.via.push(going.endAt);
      going.end = st.to;
      going.endAt = via;
    } else {
      journeys.push({ start: st.from, end: st.to, via: [], endAt: via });
    }
  });
  let delay = 0;
  for (const j of journeys) {
    const from = before.get(`${last.side}|${j.start}`);
    const pieces = board.querySelectorAll(`.piece[data-side="${CSS.escape(last.side)}"][data-place="${CSS.escape(String(j.end))}"]`);
    const piece = pieces[pieces.length - 1];
    const c = piece && piece.querySelector('circle');
    if (!from || !c) continue;
    const to = { x: Number(c.getAttribute('cx')), y: Number(c.getAttribute('cy')) };
    const points = [from, ...j.via.filter(Boolean), to];
    const frames = points.map((p) => ({ transform: `translate(${p.x - to.x}px, ${p.y - to.y}px)` }));
    const duration = STEP_MS * (points.length - 1);
    piece.animate(frames, { duration, delay, easing: 'ease-in-out', fill: 'backwards' });
    delay += duration;
  }
  // The pieces the move captured (or took) go from where they stood to where they went (the
  // bar, the start, out of the game), once the moving pieces have arrived: a place of the other
  // side's that had a piece before and has none now is where one was captured.
  if (!(last.captures > 0)) return;
  const enemy = last.captured_side || (state.sides.find((s) => s.name !== last.side) || {}).name;
  const after = piecesAt(board);
  const left = [...before.keys()].filter((k) => k.startsWith(`${enemy}|`) && !after.has(k));
  const gone = [...after.keys()].filter((k) => k.startsWith(`${enemy}|`) && !before.has(k));
  // Where no new place appears, the captured pieces joined pieces already there (waiting: 0).
  const target = gone[0] || `${enemy}|0`;
  const pieces = board.querySelectorAll(`.piece[data-side="${CSS.escape(enemy)}"][data-place="${CSS.escape(target.slice(enemy.length + 1))}"]`);
  const piece = pieces[pieces.length - 1];
  const c = piece && piece.querySelector('circle');
  if (!c || left.length === 0) return;
  const to = { x: Number(c.getAttribute('cx')), y: Number(c.getAttribute('cy')) };
  const from = before.get(left[0]);
  const frames = [from, to].map((p) => ({ transform: `translate(${p.x - to.x}px, ${p.y - to.y}px)` }));
  piece.animate(frames, { duration: STEP_MS * 2, delay, easing: 'ease-in-out', fill: 'backwards' });
}

/** Ends every move being animated: the pieces stand where they are going. */
function finishMoves() {
  for (const run of $('board').getAnimations({ subtree: true })) run.finish();
}

document.addEventListener('pointerdown', finishMoves, true);
document.addEventListener('keydown', finishMoves, true);

/** A move's first step: where its piece stands (`0` waiting), as the board's data-place says. */
function origin(m) {
  return m.steps.length ? String(m.steps[0].from) : null;
}

/** Where a square is drawn. */
function squareOf(board, square) {
  return board.querySelector(`.square[data-square="${CSS.escape(String(square))}"]`);
}

/** Plays the move of `list`, or, where it has several, picks `picked` (a piece or a square) and
 * lights the moves below, to click one. */
function choose(list, picked) {
  if (list.length === 1) {
    play(list[0].index);
    return;
  }
  const board = $('board');
  for (const p of board.querySelectorAll('.picked')) p.classList.remove('picked');
  picked.classList.add('picked');
  for (const b of $('moves').querySelectorAll('button')) {
    b.classList.toggle('chosen', list.some((m) => String(m.index) === b.dataset.index));
  }
  for (const m of list) {
    for (const s of m.squares) {
      const target = s.to && squareOf(board, s.to);
      if (target) target.classList.add('picked');
    }
  }
}

/** Marks the pieces that can move and the squares they can go to. A click on a piece plays its
 * move, a click on a square the move that goes there; where there are several, they are lit
 * below, to click one. */
function markMovable(state) {
  const board = $('board');
  const side = state.to_move;
  const byPlace = new Map();
  const bySquare = new Map();
  for (const m of state.moves) {
    const from = origin(m);
    if (from !== null) {
      if (!byPlace.has(from)) byPlace.set(from, []);
      byPlace.get(from).push(m);
    }
    for (const to of new Set(m.squares.map((s) => s.to).filter((to) => to))) {
      if (!bySquare.has(String(to))) bySquare.set(String(to), []);
      bySquare.get(String(to)).push(m);
    }
  }
  for (const [from, list] of byPlace) {
    const piece = board.querySelector(`.piece[data-side="${CSS.escape(side)}"][data-place="${CSS.escape(from)}"]`);
    if (!piece) continue;
    piece.classList.add('movable');
    clickable(piece, from === '0' ? `${side} piece waiting to enter` : `${side} piece at ${from}`, () => choose(list, piece));
  }
  for (const [square, list] of bySquare) {
    const target = squareOf(board, square);
    if (!target) continue;
    target.classList.add('target');
    clickable(target, `to square ${square}`, () => choose(list, target));
  }
  // A piece standing on a target (one the move would capture) covers it: a click on it is one on
  // its square.
  for (const piece of board.querySelectorAll('.piece:not(.movable)')) {
    const owner = state.sides.find((s) => s.name === piece.dataset.side);
    const place = Number(piece.dataset.place);
    if (!owner || !(place >= 1) || !owner.path) continue;
    const square = String(owner.path[place - 1]);
    if (!bySquare.has(square)) continue;
    piece.classList.add('on-target');
    piece.addEventListener('click', () => choose(bySquare.get(square), squareOf(board, square)));
  }
}

/** Makes a part of the board a button: named for screen readers, reached by Tab, pressed by
 * Enter or Space as well as by a click. */
function clickable(part, name, action) {
  part.setAttribute('role', 'button');
  part.setAttribute('tabindex', '0');
  part.setAttribute('aria-label', name);
  part.addEventListener('click', action);
  part.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    action();
  });
}

async function play(index) {
  if (!game) return;
  try {
    await show(await api('POST', `/api/games/${game.id}/move`, { index }));
  } catch (e) {
    say(e.message);
  }
}

async function throwSticks() {
  if (!game || game.awaiting !== 'throw') return;
  const sticks = $('sticks');
  sticks.disabled = true;
  sticks.classList.remove('rolling');
  void sticks.offsetWidth; // restarts the animation
  sticks.classList.add('rolling');
  const answer = api('POST', `/api/games/${game.id}/throw`, {});
  await new Promise((done) => setTimeout(done, 500));
  sticks.classList.remove('rolling');
  try {
    await show(await answer);
  } catch (e) {
    say(e.message);
  }
}

async function undo() {
  if (!game) return;
  try {
    await show(await api('POST', `/api/games/${game.id}/undo`, {}));
  } catch (e) {
    say(e.message);
  }
}

async function hint() {
  if (!game) return;
  try {
    const h = await api('GET', `/api/games/${game.id}/hint`);
    for (const b of $('moves').querySelectorAll('button')) {
      b.classList.toggle('hinted', b.dataset.index === String(h.index));
    }
    say('');
    $('status').textContent = `Hint: ${h.text}`;
  } catch (e) {
    say(e.message);
  }
}

/** Saves the game's record as a file, as `senet play --record` writes it. */
async function save() {
  if (!game) return;
  try {
    const record = await api('GET', `/api/games/${game.id}/record`);
    const blob = new Blob([JSON.stringify(record, null, 2) + '\n'], { type: 'application/json' });
    const a = element('a');
    a.href = URL.createObjectURL(blob);
    a.download = `${(record.rules.id || 'game').replace(/[^A-Za-z0-9_-]+/g, '-')}-${record.seed}.json`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  } catch (e) {
    say(e.message);
  }
}

/** Loads a saved record: its game, at its end, to go on with or to replay step by step. */
async function load() {
  const file = $('play-load').files[0];
  if (!file) return;
  try {
    let record;
    try {
      record = JSON.parse(await file.text());
    } catch {
      record = undefined;
    }
    if (record === null || typeof record !== 'object' || Array.isArray(record)) {
      say('This file is not a game record: it is not the JSON that Save record writes.');
      return;
    }
    viewing = null;
    await show(await api('POST', '/api/games', { record }));
  } catch (e) {
    say(e.message);
    noGame('No game from this record: the message above says why.');
  } finally {
    $('play-load').value = '';
  }
}

// ---- review -------------------------------------------------------------------------------------

/** The game whose review is shown, or null. */
let reviewed = null;

function hideReview() {
  reviewed = null;
  $('review').hidden = true;
  for (const id of ['review-plot', 'review-mistakes', 'review-board']) $(id).replaceChildren();
  $('review-summary').textContent = '';
  $('review-detail').textContent = '';
}

/** A loss for people: percentage points where a table gives chances, else the search's value. */
function lossText(r, loss) {
  return r.values === 'table' ? `${(100 * loss).toFixed(1)} points` : loss.toFixed(2);
}

/** Reviews the game so far, as `senet review` does a record: the first side's chance to win after
 * each move (plotted), each side's losses, and the biggest mistakes, each shown on its board with
 * the best move there when clicked. */
async function reviewGame() {
  if (!game) return;
  const id = game.id;
  hideReview();
  reviewed = id;
  $('review').hidden = false;
  $('review-summary').textContent = 'Reviewing...';
  $('review-game').disabled = true;
  try {
    const r = await api('POST', `/api/games/${id}/review`, { width: roomFor($('review-plot')) });
    if (reviewed !== id) return;
    const how =
      r.values === 'table'
        ? 'exact chances from the solved table'
        : `the hard level's search, and the chance to win from ${r.playouts} games played on after each move`;
    const sides = r.sides.map((s, i) => {
      const t = r.totals[s];
      return `${s} (${r.seated[i]}) lost ${lossText(r, t.loss)} over ${t.decisions} decision${t.decisions === 1 ? '' : 's'}`;
    });
    $('review-summary').textContent = `${r.moves.length} moves reviewed by ${how}: ${sides.join('; ')}.`;
    showSvg($('review-plot'), r.plot);
    const items = r.notes.map((n) => {
      const m = r.moves.find((x) => x.move === n.move);
      const b = element('button', `Move ${n.move}, ${n.side} with ${n.throw_text}: ${n.played_text} instead of ${n.best_text} (lost ${lossText(r, m.loss)})`);
      b.type = 'button';
      b.dataset.move = String(n.move);
      b.addEventListener('click', () => {
        for (const o of $('review-mistakes').querySelectorAll('button')) o.removeAttribute('aria-current');
        b.setAttribute('aria-current', 'true');
        $('review-detail').textContent = `Move ${n.move}: ${n.side} threw ${n.throw_text} and played ${n.played_text}; the best move was ${n.best_text}.`;
        showSvg($('review-board'), n.svg);
        document.body.dataset.reviewShown = String(n.move);
      });
      const li = element('li');
      li.append(b);
      return li;
    });
    if (items.length === 0) items.push(element('li', 'None: every move was a best move.'));
    $('review-mistakes').replaceChildren(...items);
  } catch (e) {
    if (reviewed === id) $('review-summary').textContent = e.message;
  } finally {
    $('review-game').disabled = !game || viewing !== null || !game.moves_played;
    document.body.dataset.reviewed = String(++version);
  }
}

/** The replay buttons, for the game shown: back to the start while not at it, on while replaying. */
function showReplay(state) {
  const total = state.decisions !== undefined ? state.decisions : null;
  $('replay-at').textContent = viewing === null ? 'now' : `${viewing} / ${total}`;
  $('replay-first').disabled = viewing === 0;
  $('replay-back').disabled = viewing === 0;
  $('replay-next').disabled = viewing === null;
  $('replay-last').disabled = viewing === null;
}

/** Views the game after its first `at` decisions (null: as it stands; `back`: one decision before
 * the one viewed). */
async function view(at) {
  if (!game) return;
  try {
    const all = await api('GET', `/api/games/${game.id}`);
    const total = all.decisions;
    if (at === 'back') at = (viewing === null ? total : viewing) - 1;
    const k = at === null ? null : Math.max(0, at);
    viewing = k === null || k >= total ? null : k;
    const state = viewing === null ? all : await api('GET', `/api/games/${game.id}?at=${viewing}`);
    await show(state);
  } catch (e) {
    say(e.message);
  }
}

$('play-setup').addEventListener('submit', newGame);
$('sticks').addEventListener('click', throwSticks);
$('undo').addEventListener('click', undo);
$('hint').addEventListener('click', hint);
$('save').addEventListener('click', save);
$('review-game').addEventListener('click', reviewGame);
$('play-load').addEventListener('change', load);
$('replay-first').addEventListener('click', () => view(0));
$('replay-back').addEventListener('click', () => view('back'));
$('replay-next').addEventListener('click', () => view(viewing === null ? null : viewing + 1));
$('replay-last').addEventListener('click', () => view(null));

// ---- write -------------------------------------------------------------------------------------

const SAMPLE = `ruleset "my/variant"
title   "My variant: bear off only from the last row"
extends "senet/base"

bear off only when all on 21..30
`;

let checkTimer = null;
let checkRun = 0;

function writeChanged() {
  numberLines([]);
  clearTimeout(checkTimer);
  checkTimer = setTimeout(checkSource, 300);
}

/** The line numbers beside the text, lines with a diagnostic marked. */
function numberLines(marks) {
  const lines = $('source').value.split('\n').length;
  const gutter = $('gutter');
  const out = [];
  for (let n = 1; n <= lines; n++) {
    const line = element('span', String(n));
    line.dataset.line = String(n);
    const mark = marks.find((d) => d.line === n);
    if (mark) line.className = mark.severity === 'warning' ? 'warning' : 'error';
    out.push(line, document.createTextNode('\n'));
  }
  gutter.replaceChildren(...out);
  gutter.scrollTop = $('source').scrollTop;
}

/** Puts the cursor at a line and column (from 1) of the text. */
function goTo(line, column) {
  const text = $('source').value;
  let at = 0;
  for (let n = 1; n < line; n++) at = text.indexOf('\n', at) + 1;
  at += column - 1;
  const source = $('source');
  source.focus();
  source.setSelectionRange(at, at);
}

/** Marks the drawing, the explanation and the diff as those of an earlier file (or not), and says
 * how the file stands. */
function showWriteState(words, stale) {
  for (const id of ['write-board', 'explain', 'diff']) $(id).classList.toggle('stale', stale);
  const shown = $('explain').textContent !== '';
  $('write-state').textContent = stale && shown ? `${words}: the drawing, explanation and diff below are of the last file that checked (out of date)` : words;
}

async function checkSource() {
  const run = ++checkRun;
  const source = $('source').value;
  const list = $('diagnostics');
  let entry;
  try {
    entry = (await api('POST', '/api/check', { source })).files[0];
  } catch (e) {
    if (run !== checkRun) return;
    list.replaceChildren(element('li', e.message));
    showWriteState('cannot be checked', true);
    document.body.dataset.checked = String(run);
    return;
  }
  if (run !== checkRun) return;
  const diags = entry.diagnostics || [];
  numberLines(diags.filter((d) => d.file === 'source.rules'));
  const items = diags.map((d) => {
    const item = element('li', undefined, d.severity);
    item.dataset.line = String(d.line);
    item.dataset.column = String(d.column);
    item.dataset.code = d.code;
    const where = d.file === 'source.rules' ? `${d.line}:${d.column}` : `${d.file}:${d.line}:${d.column}`;
    item.append(element('strong', `${where} ${d.code} `), document.createTextNode(d.message));
    if (d.help) item.append(element('span', `help: ${d.help}`, 'help'));
    if (d.file === 'source.rules') item.addEventListener('click', () => goTo(d.line, d.column));
    return item;
  });
  if (entry.ok) items.unshift(element('li', `ok: ${entry.id} (${entry.title})`, 'ok'));
  if (entry.error) items.unshift(element('li', entry.error));
  list.replaceChildren(...items);
  if (entry.ok) {
    try {
      const [svg, explained, diff] = await Promise.all([
        api('POST', '/api/draw', { source, paths: true, narrow: narrow() }),
        api('POST', '/api/explain', { source }),
        api('POST', '/api/diff', { source, against: $('write-against').value }),
      ]);
      if (run !== checkRun) return;
      showSvg($('write-board'), svg);
      $('explain').textContent = explained.text;
      $('diff').textContent = diff.text;
      showWriteState('checks', false);
      sourceOptions = { text: source, options: Promise.resolve(explained.options || []) };
    } catch (e) {
      if (run !== checkRun) return;
      say(e.message);
      showWriteState('checks, but could not be shown', true);
    }
  } else {
    showWriteState('has errors', true);
    sourceOptions = { text: source, options: Promise.resolve([]) };
  }
  document.body.dataset.checked = String(run);
}

$('source').value = SAMPLE;
$('source').addEventListener('input', writeChanged);
$('source').addEventListener('scroll', () => {
  $('gutter').scrollTop = $('source').scrollTop;
});
$('write-against').addEventListener('change', writeChanged);

// ---- measure -----------------------------------------------------------------------------------

async function simulate(event) {
  event.preventDefault();
  say('');
  const body = await rulesOf(FORMS[1]);
  body.players = [$('sim-p1').value, $('sim-p2').value];
  body.games = Number($('sim-games').value);
  body.seed = Number($('sim-seed').value);
  // The figures shown are of the run before: they would read as this one's.
  for (const id of ['sim-wins', 'sim-lengths', 'sim-table']) $(id).replaceChildren();
  $('sim-status').textContent = `Playing ${body.games} games...`;
  $('sim-run').disabled = true;
  try {
    const report = await api('POST', '/api/sim', body);
    showReport(report);
    $('sim-status').textContent = `${report.games} games of ${report.rules} in ${report.seconds.toFixed(1)} s.`;
  } catch (e) {
    if (e.data && e.data.max_games) $('sim-games').value = String(e.data.max_games);
    $('sim-status').textContent = e.status === 503 ? `Busy: ${e.message}` : e.message;
  } finally {
    $('sim-run').disabled = false;
    document.body.dataset.simulated = String(++version);
  }
}

/** About `count` round values from `lo` to `hi` (whole numbers, steps of 1, 2 or 5 times a power
 * of ten), for an axis's ticks. */
function ticks(lo, hi, count) {
  const rough = Math.max(1, (hi - lo) / count);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough);
  const out = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi; t += step) out.push(t);
  return out;
}

const AXIS = { stroke: '#3b2a18', 'stroke-width': 1 };

/** An axis along the bottom (`x`) or the left (`y`) of a chart: its line, a tick and a number at
 * each of `marks` (`[value, where]`), and its title. */
function axis(chart, which, from, to, at, marks, title) {
  const g = svgElement('g', { class: `axis ${which}-axis` });
  if (which === 'x') {
    g.append(svgElement('line', { x1: from, x2: to, y1: at, y2: at, ...AXIS }));
    for (const [value, x] of marks) {
      g.append(svgElement('line', { class: 'tick', x1: x, x2: x, y1: at, y2: at + 5, ...AXIS }));
      g.append(svgElement('text', { class: 'tick-label', x, y: at + 17, 'font-size': 12, 'text-anchor': 'middle' }, String(value)));
    }
    g.append(svgElement('text', { class: 'axis-title', x: (from + to) / 2, y: at + 34, 'font-size': 12, 'text-anchor': 'middle' }, title));
  } else {
    g.append(svgElement('line', { x1: at, x2: at, y1: from, y2: to, ...AXIS }));
    for (const [value, y] of marks) {
      g.append(svgElement('line', { class: 'tick', x1: at - 5, x2: at, y1: y, y2: y, ...AXIS }));
      g.append(svgElement('text', { class: 'tick-label', x: at - 8, y: y + 4, 'font-size': 12, 'text-anchor': 'end' }, String(value)));
    }
    const middle = (from + to) / 2;
    g.append(svgElement('text', { class: 'axis-title', x: 12, y: middle, 'font-size': 12, 'text-anchor': 'middle', transform: `rotate(-90 12 ${middle})` }, title));
  }
  chart.append(g);
}

/** A player as the page names it: its level and agent, or the agent. */
function playerName(name) {
  return LEVELS[name] || name;
}

/** The width a chart has in `holder` (no wider than the command line draws it), so that a phone
 * shows its text at its size rather than scaled down. */
function roomFor(holder) {
  const room = Math.floor(holder.getBoundingClientRect().width);
  return room > 0 ? Math.min(room, 760) : 760;
}

function showReport(r) {
  // Wins per side, each bar named by its side and the player who played it, with its interval.
  const width = Math.min(460, roomFor($('sim-wins')));
  const row = 46;
  const left = 20;
  const right = width - 70;
  const bottom = 8 + r.sides.length * row;
  const height = bottom + 42;
  const wins = svgElement('svg', { width, height, viewBox: `0 0 ${width} ${height}` });
  const scale = (x) => left + x * (right - left);
  r.sides.forEach((side, i) => {
    const w = r.win_rate[side];
    const y = 8 + i * row;
    const player = r.players && r.players[i] !== undefined ? `, player ${i + 1}: ${playerName(r.players[i])}` : '';
    wins.append(svgElement('text', { class: 'bar-label', x: left, y: y + 12, 'font-size': 12, 'data-side': side }, `${side}${player}`));
    const bar = svgElement('rect', { x: scale(0), y: y + 18, width: scale(w.rate) - scale(0), height: 18, fill: '#c59d5f' });
    bar.append(svgElement('title', {}, `${side}${player}: ${(100 * w.rate).toFixed(1)}% of the games won (95% interval ${(100 * w.ci95[0]).toFixed(1)}% to ${(100 * w.ci95[1]).toFixed(1)}%)`));
    wins.append(bar);
    wins.append(svgElement('line', { x1: scale(w.ci95[0]), x2: scale(w.ci95[1]), y1: y + 27, y2: y + 27, stroke: '#3b2a18', 'stroke-width': 2 }));
    for (const x of w.ci95) {
      wins.append(svgElement('line', { x1: scale(x), x2: scale(x), y1: y + 21, y2: y + 33, stroke: '#3b2a18', 'stroke-width': 2 }));
    }
    wins.append(svgElement('text', { x: scale(1) + 8, y: y + 32, 'font-size': 12 }, `${(100 * w.rate).toFixed(1)}%`));
  });
  axis(wins, 'x', scale(0), scale(1), bottom, [0, 0.25, 0.5, 0.75, 1].map((t) => [`${t * 100}%`, scale(t)]), 'games won');
  $('sim-wins').replaceChildren(wins);

  // Game lengths, in at most 40 bins, on axes: moves per game across, games up.
  const counts = r.lengths.moves;
  const histWidth = Math.min(480, roomFor($('sim-lengths')));
  const plot = { left: 56, right: histWidth - 14, top: 10, bottom: 190 };
  const hist = svgElement('svg', { width: histWidth, height: 235, viewBox: `0 0 ${histWidth} 235` });
  if (counts.length) {
    const lo = counts[0][0];
    const hi = counts[counts.length - 1][0];
    // Bins of whole lengths, as few as cover them all: the axis ends where the lengths do.
    const size = Math.ceil((hi - lo + 1) / 40);
    const bins = Math.ceil((hi - lo + 1) / size);
    const bars = new Array(bins).fill(0);
    for (const [len, n] of counts) bars[Math.min(bins - 1, Math.floor((len - lo) / size))] += n;
    const top = Math.max(...bars);
    // Bin k holds the lengths from lo + k * size to lo + (k + 1) * size - 1.
    const end = lo + bins * size;
    const x = (len) => plot.left + ((len - lo) / (end - lo)) * (plot.right - plot.left);
    const y = (n) => plot.bottom - (top ? (n / top) * (plot.bottom - plot.top) : 0);
    bars.forEach((n, i) => {
      const bar = svgElement('rect', { x: x(lo + i * size), y: y(n), width: Math.max(1, x(lo + size) - x(lo) - 1), height: plot.bottom - y(n), fill: '#2c5fa8' });
      bar.append(svgElement('title', {}, `${lo + i * size}-${lo + (i + 1) * size - 1} moves: ${n} games`));
      hist.append(bar);
    });
    // Room for a number of four digits between ticks.
    const marks = Math.max(3, Math.min(8, Math.floor((plot.right - plot.left) / 50)));
    axis(hist, 'x', plot.left, plot.right, plot.bottom, ticks(lo, end, marks).map((t) => [t, x(t)]), 'moves per game');
    axis(hist, 'y', plot.bottom, plot.top, plot.left, ticks(0, top, 5).map((t) => [t, y(t)]), 'games');
  }
  $('sim-lengths').replaceChildren(hist);

  const rows = [
    ['games', r.games],
    ['draws', r.draws],
    ['unfinished', r.unfinished],
    ['moves per game', `${r.moves.mean.toFixed(1)} (10% ${r.moves.p10}, median ${r.moves.p50}, 90% ${r.moves.p90}, max ${r.moves.max})`],
    ['turns per game', `${r.turns.mean.toFixed(1)}`],
    ['captures per game', r.captures_per_game.toFixed(2)],
    ['passes per game', r.passes_per_game.toFixed(2)],
    ['extra throws per game', r.extra_throws_per_game.toFixed(2)],
  ];
  $('sim-table').replaceChildren(...rows.map(([k, v]) => {
    const tr = element('tr');
    tr.append(element('th', k), element('td', String(v)));
    return tr;
  }));
}

$('sim-setup').addEventListener('submit', simulate);

/** Plays the readings chosen side by side, as `senet compare` does, and shows its plot and its
 * figures (nothing of the comparison before is left beside a refusal). */
async function compareReadings(event) {
  event.preventDefault();
  say('');
  const rules = [...$('compare-rules').selectedOptions].map((o) => o.value);
  const body = {
    rules,
    players: [$('compare-p1').value, $('compare-p2').value],
    games: Number($('compare-games').value),
    seed: Number($('compare-seed').value),
    skill: $('compare-skill').checked,
    width: roomFor($('compare-plot')),
  };
  $('compare-plot').replaceChildren();
  $('compare-text').textContent = '';
  $('compare-status').textContent = `Playing ${body.games} games of each of ${rules.length} readings...`;
  $('compare-run').disabled = true;
  try {
    const r = await api('POST', '/api/compare', body);
    const svg = showSvg($('compare-plot'), r.plot);
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', `Win rates and game lengths of ${rules.join(', ')}`);
    $('compare-text').textContent = r.text;
    const took = r.report.seconds < 0.1 ? 'under 0.1 s' : `${r.report.seconds.toFixed(1)} s`;
    $('compare-status').textContent = `${rules.length} readings, ${body.games} games each, in ${took}.`;
  } catch (e) {
    if (e.data && e.data.max_games) $('compare-games').value = String(e.data.max_games);
    $('compare-status').textContent = e.status === 503 ? `Busy: ${e.message}` : e.message;
  } finally {
    $('compare-run').disabled = false;
    document.body.dataset.compared = String(++version);
  }
}

$('compare-setup').addEventListener('submit', compareReadings);

// ---- start -------------------------------------------------------------------------------------

loadRulesets()
  .then(async () => {
    showGames();
    numberLines([]);
    // A browser may tick "my rule file" again on reloading the page.
    await Promise.all(FORMS.map((form) => formChanged(form)));
    document.body.dataset.ready = 'true';
  })
  .catch((e) => say(`The rule sets could not be loaded: ${e.message}`));
