// The puzzle page's arithmetic, pure and without the page: the player's rating (Elo, with a
// step that shrinks as results accumulate, as Glicko's deviation does) and the choice of the
// next puzzle near it.

/** A puzzle as the index lists it (draughts.teach.puzzles.Puzzle.summary). @typedef {{id: string, variant: string, themes: string[], difficulty: number}} PuzzleSummary */
/** @typedef {{rating: number, games: number}} Rating */

export const START_RATING = 1000;
const MAX_STEP = 80; // the first results move a new rating fast...
const MIN_STEP = 16; // ...later ones slowly
const SETTLE_GAMES = 30;

/** The chance to solve a puzzle of `difficulty` at `rating` (Elo's expectation). @param {number} rating @param {number} difficulty */
export function expected(rating, difficulty) {
  return 1 / (1 + 10 ** ((difficulty - rating) / 400));
}

/**
 * The rating after one result (solved or not) against a puzzle of `difficulty`.
 * @param {Rating} player @param {number} difficulty @param {boolean} solved @returns {Rating}
 */
export function rate(player, difficulty, solved) {
  const share = Math.min(1, player.games / SETTLE_GAMES);
  const step = MAX_STEP - (MAX_STEP - MIN_STEP) * share;
  const change = Math.round(step * ((solved ? 1 : 0) - expected(player.rating, difficulty)));
  return { rating: Math.max(100, player.rating + change), games: player.games + 1 };
}

/**
 * The puzzles a filter allows: a variant, and a theme ("" for any).
 * @param {PuzzleSummary[]} all @param {string} variant @param {string} theme
 */
export function filtered(all, variant, theme) {
  return all.filter((p) => p.variant === variant && (!theme || p.themes.includes(theme)));
}

/**
 * The next puzzle: among those not yet seen (all, once every one has been), one of the
 * `spread` nearest to `target` in difficulty, drawn with `random` (0 <= x < 1).
 * @param {PuzzleSummary[]} pool @param {number} target @param {Set<string>} seen
 * @param {() => number} random @param {number} [spread]
 * @returns {PuzzleSummary | null}
 */
export function nextPuzzle(pool, target, seen, random, spread = 5) {
  const fresh = pool.filter((p) => !seen.has(p.id));
  const choices = (fresh.length ? fresh : pool).slice()
    .sort((a, b) => Math.abs(a.difficulty - target) - Math.abs(b.difficulty - target) || a.id.localeCompare(b.id))
    .slice(0, spread);
  if (!choices.length) return null;
  return choices[Math.min(choices.length - 1, Math.floor(random() * choices.length))];
}

/**
 * A streak's next puzzle: a little harder each time (lichess's streak climbs the same way),
 * starting well below the player's rating.
 * @param {PuzzleSummary[]} pool @param {number} rating @param {number} streak @param {Set<string>} seen
 * @param {() => number} random
 */
export function streakPuzzle(pool, rating, streak, seen, random) {
  return nextPuzzle(pool, rating - 300 + 60 * streak, seen, random, 3);
}
