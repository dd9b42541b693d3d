// A round of combat in the browser on a phone-size screen (issue 6): the battle builder
// starts the Swordsman with his Thrusting Sword and an L4 Wolf in Oak Woods 2 at Sunset, so
// combat begins at once; he lures the wolf, attacks it, and makes his plays on the Melee
// Section, whose buttons are the engine's legal actions with the engine's exact odds beside
// each; his plays are made, revealed and resolved, and the log shows it.
// The forced dice (4, 1, 1) leave the wolf where he put it: no repositioning, no change of
// tactics (8.4.6). Screenshots: target/e2e/mr-combat-*.png.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { newPage, open, shot } from './browser.mjs';

let browser;
let base;
let context;

before(async () => {
  browser = await open();
  ({ base, context } = browser);
});

after(async () => {
  await browser?.close();
});

const here = { tile: 'oak_woods', clearing: 2 };
const SCENARIO = {
  seats: [
    {
      character: 'swordsman',
      at: here,
      belongings: [{ piece: { kind: 'weapon', id: 'thrusting-sword', n: 0 } }],
    },
  ],
  pieces: [{ piece: { kind: 'monster', id: 'wolf-l4', n: 0 }, place: { place: 'clearing', at: here } }],
  at: 'sunset',
  dice: [4, 1, 1],
};

/** A button of the Melee Section by the start of its accessible name (the action's label;
 * the odds follow it in brackets). */
const play = (page, label) =>
  page.getByRole('button', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}( \\(|$)`) });

test('a round of combat against a wolf, played on the Melee Section with the odds shown', async () => {
  const { page, problems } = await newPage(context, { width: 390, height: 844 });
  await page.goto(base);
  await page.getByText('Battle builder').click();
  await page.getByLabel('Scenario JSON').fill(JSON.stringify(SCENARIO));
  await page.getByRole('button', { name: 'Start the scenario' }).click();
  await page.locator('svg.board').waitFor();
  assert.match(await page.locator('#step-line').textContent(), /Evening/);

  // The Encounter Step: lure the wolf, charge nobody, no action; then pick the wolf.
  await page.getByRole('button', { name: 'Lure Wolf #1 onto my sheet' }).click();
  const passing = /^(Lure no more|Charge nobody|No \(more\) encounter actions)$/;
  for (let i = 0; i < 6 && !(await page.getByRole('button', { name: 'Attack Wolf #1' }).count()); i++) {
    await page.getByRole('button', { name: passing }).first().click();
  }
  await page.getByRole('button', { name: 'Attack Wolf #1' }).click();

  // The Melee Section: three circles, three red boxes, three squares, each play with odds.
  const melee = page.getByRole('region', { name: 'Melee section' });
  await melee.waitFor();
  assert.match(await melee.locator('h3').textContent(), /round 1 · attacking Wolf #1/);
  assert.equal(await melee.locator('fieldset').count(), 9);
  const attack = play(page, 'Attack with chit 8: Thrust');
  assert.match(await attack.locator('.play-odds').textContent(), /^Kill \d+%Die \d+%Wounds [\d.]+$/);
  await play(page, 'Put Wolf #1 in Charge and Thrust').click();
  await melee.locator('.red-box .played', { hasText: 'Wolf' }).waitFor();
  // Charging in the Thrust lane (Move L4 against the wolf's attack time 4: no undercut), he
  // is hit when the wolf ends in that lane: 1 in 3 over every roll.
  const charge = play(page, 'Maneuver with chit 1: Charge');
  assert.match(await charge.getAttribute('title'), /33% chance to be killed/);
  await melee.locator('.melee-grid').scrollIntoViewIfNeeded();
  await shot(page, 'mr-combat-1-candidates');
  await charge.click();
  // Thrusting too: where the wolf could hit him, his longer sword kills it first (8.4.9).
  assert.equal(
    await attack.getAttribute('title'),
    '33% chance to kill Wolf #1, 0% chance to be killed, 0 wounds expected',
  );
  assert.equal(await attack.locator('.play-odds').textContent(), 'Kill 33%Die 0%Wounds 0');
  assert.match(
    await play(page, 'Attack with chit 8: Swing').getAttribute('title'),
    /^33% chance to kill Wolf #1, 33% chance to be killed/,
  );
  await attack.click();
  assert.match(
    await page.locator('#odds-now').textContent(),
    /33% chance to kill Wolf #1, 0% chance to be killed, 0 wounds expected/,
  );
  // The section fits the phone's width.
  const box = await melee.boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `the section is ${JSON.stringify(box)}`);
  await shot(page, 'mr-combat-2-plays');

  // His plays are made: revealed, resolved, and the wolf is killed.
  await page.getByRole('button', { name: 'My plays are made' }).click();
  await page.getByText('The characters reveal their plays.').first().waitFor();
  await shot(page, 'mr-combat-3-resolved');
  await page.getByRole('tab', { name: 'Log' }).click();
  const log = await page.locator('#log').textContent();
  assert.match(log, /8\.4\.5.*reveal their plays/);
  assert.match(log, /Repositioning the denizens/);
  assert.match(log, /Swordsman kills monster wolf-l4/, 'the wolf stayed in his Thrust: killed');
  await shot(page, 'mr-combat-4-log');
  assert.deepEqual(problems, [], 'no console errors');
  await page.close();
});

// Hirelings' sheets and drag and drop (issue 6): the Swordsman's hired Bashkar 1 (with its
// pony) lures Giant #2 (with its club) onto a Melee Section of its own, drawn in the combat
// panel from the Luring on; in the Melee Step the Swordsman positions the counters on his
// hireling's sheet and makes a play by dragging them onto the boxes the engine allows,
// which light up while he drags. Screenshots: target/e2e/mr-combat-duel-*.png.
const bashkarScenario = {
  seats: [
    {
      character: 'swordsman',
      at: here,
      hidden: false,
      hirelings: [{ native: 'bashkar-1', lastDay: 10 }],
      belongings: [{ piece: { kind: 'weapon', id: 'thrusting-sword', n: 0 } }],
    },
  ],
  pieces: [
    { kind: 'native', id: 'bashkar-1' },
    { kind: 'native_horse', id: 'bashkar-pony-1' },
    { kind: 'monster', id: 'giant', n: 1 },
    { kind: 'monster_part', id: 'giant-club', n: 1 },
    { kind: 'monster', id: 'wolf-l4', n: 0 },
  ].map((piece) => ({ piece, place: { place: 'clearing', at: here } })),
  at: 'sunset',
  dice: [4, 1, 1],
};

/** Drags `from` onto `to` with the mouse, step by step (HTML5 drag and drop), calling
 * `during` while the item is held over `to`. */
async function drag(page, from, to, during) {
  await from.hover();
  await page.mouse.down();
  const box = await to.boundingBox();
  assert.ok(box, 'the drop target is on screen');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 });
  await during?.();
  await page.mouse.up();
}

test("a hireling's own Melee Section in the combat panel, with plays dragged onto the boxes the engine allows", async () => {
  const { page, problems } = await newPage(context, { width: 390, height: 844 });
  await page.goto(base);
  await page.getByText('Battle builder').click();
  await page.getByLabel('Scenario JSON').fill(JSON.stringify(bashkarScenario));
  await page.getByRole('button', { name: 'Start the scenario' }).click();
  await page.locator('svg.board').waitFor();

  // Luring: the combat panel shows the step and who is on whose sheet.
  const combat = page.getByRole('region', { name: 'Combat', exact: true });
  assert.match(await combat.locator('h3').textContent(), /round 1: Luring \(8\.3\.4\)/);
  await page.getByRole('button', { name: 'My Bashkar 1 lures Giant #2' }).click();
  const duel = page.getByRole('region', { name: 'Sheet of Bashkar 1' });
  assert.match(await duel.textContent(), /Your Bashkar 1 \(\w+ side up\) defends on its own sheet/);
  assert.match(await duel.textContent(), /Attacked by Giant #2 · Bashkar 1's target is not picked yet/);
  await shot(page, 'mr-combat-duel-1-luring');

  const passing = /^(Lure no more|Charge nobody|No \(more\) encounter actions)$/;
  for (let i = 0; i < 6 && !(await page.getByRole('button', { name: 'Attack Wolf #1' }).count()); i++) {
    await page.getByRole('button', { name: passing }).first().click();
  }
  await page.getByRole('button', { name: 'Attack Wolf #1' }).click();

  // The Melee Step: his own section, and the Bashkar's: the Bashkar and its pony in the red
  // boxes, the giant (its target) and its club in the Maneuver squares.
  await page.getByRole('region', { name: 'Melee section' }).waitFor();
  assert.match(await duel.textContent(), /Bashkar 1 attacks Giant #2/);
  const lane = (section, name) => section.locator(`.lane[data-lane=${name}]`);
  for (const [spot, who] of [
    ['red-box', 'Bashkar 1'],
    ['red-box', 'Bashkar pony 1'],
    ['square', 'Giant #2'],
    ['square', 'Giant club #2'],
  ]) {
    assert.equal(
      await duel.locator(`fieldset.${spot} .play-option`, { hasText: who }).count(),
      3,
      `${who} in 3 ${spot}es`,
    );
  }

  // Drag the Bashkar from the Thrust column onto the Duck-and-Smash red box: while it is
  // held, exactly the three red boxes of its sheet light up.
  const bashkar = lane(duel, 'ChargeThrust').locator('fieldset.red-box .play-option', { hasText: /^Bashkar 1$/ });
  const smash = lane(duel, 'DuckSmash').locator('fieldset.red-box');
  await smash.scrollIntoViewIfNeeded();
  await drag(page, bashkar, smash, async () => {
    assert.equal(await page.locator('fieldset.drop-ok').count(), 3);
    assert.equal(await duel.locator('fieldset.red-box.drop-ok').count(), 3);
    assert.equal(await smash.locator('xpath=self::*[contains(@class, "drop-over")]').count(), 1);
    await shot(page, 'mr-combat-duel-2-dragging');
  });
  await smash.locator('.played', { hasText: 'Bashkar 1' }).waitFor();
  assert.equal(await duel.locator('.play-option', { hasText: /^Bashkar 1$/ }).count(), 0, 'positioned once');

  // A play of his own, dragged: the attack from the Thrust circle to the Swing circle.
  const melee = page.getByRole('region', { name: 'Melee section' });
  const attack = lane(melee, 'ChargeThrust').locator('fieldset.circle .play-option').first();
  const chit = (await attack.locator('.play-what').textContent()).trim();
  await drag(page, attack, lane(melee, 'DodgeSwing').locator('fieldset.circle'));
  await lane(melee, 'DodgeSwing').locator('fieldset.circle .played', { hasText: chit }).waitFor();

  // Taps work as before: the pony into Charge and Thrust; the Bashkar turned over in secret.
  await duel.getByRole('button', { name: "Put Bashkar pony 1 in Charge and Thrust on Bashkar 1's sheet" }).click();
  await lane(duel, 'ChargeThrust').locator('fieldset.red-box .played', { hasText: 'Bashkar pony 1' }).waitFor();
  await duel.getByRole('button', { name: 'Turn my Bashkar 1 over' }).click();
  await duel.getByText('Bashkar 1 will be turned over when the plays are revealed.').waitFor();
  await duel.scrollIntoViewIfNeeded();
  await shot(page, 'mr-combat-duel-3-positioned');

  await page.getByRole('button', { name: 'My plays are made' }).click();
  await page.getByText('The characters reveal their plays.').first().waitFor();
  await shot(page, 'mr-combat-duel-4-resolved');
  await page.getByRole('tab', { name: 'Log' }).click();
  assert.match(await page.locator('#log').textContent(), /8\.4\.5.*reveal their plays/);
  assert.deepEqual(problems, [], 'no console errors');
  await page.close();
});
