// The learn page: the rules of a family of variants with live boards, the variants side by
// side, a guided tutorial and engine-verified puzzles.
//
// Like the game, this page holds no rules. The rule demos are <draughts-board> elements
// (embed.js); the tutorial and the puzzles use web/board.js directly, and every judgement — is
// this the lesson's move, is this the puzzle's solution, why is that try refused — comes from
// Python (draughts.teach.tutorial, draughts.teach.puzzles, draughts.teach.explain) through the one shared worker.

import { Board } from "./board.js";
import { call, onProgress, ready } from "./client.js";
import "./embed.js";

const STRINGS = {
  en: {
    learn_title: "Learn draughts", back_to_game: "Play a game", rules: "Rules", differences: "Variants side by side",
    tutorial: "Tutorial", puzzles: "Puzzles", family: "Rules", language: "Language", loading: "Loading the rules engine…",
    rules_title: "The rules", differences_intro: "Every variant's rules, as the engine plays them.",
    retry: "Try again", next_step: "Next step", hint: "Hint", next_puzzle: "Next puzzle",
    puzzles_intro: "Each position hides a combination: one first move wins at least two pieces, and the engine has checked that no other does.",
    demo_hint: "Try the moves on the board: pieces that can move are ringed. A forbidden try says why.",
    col_variant: "Variant", col_board: "Board", col_first: "Moves first", col_backward: "Men capture backwards",
    col_kings: "Kings", col_choice: "Which capture", col_passing: "Man reaching the far row mid-capture",
    col_removal: "Captured pieces removed", col_men_kings: "Men may take kings", col_goal: "Goal",
    yes: "yes", no: "no", inverted: "mirrored: a light square bottom left", flying: "flying", short: "one square", white: "White", black: "Black",
    win: "take or block all", lose: "lose all pieces (losing game)", orthogonal: "no: forwards and sideways (orthogonal)", also_straight: "yes, diagonally and straight",
    done: "Done", solved: "Solved", your_move: "{side} to move. Find the winning line.", side_white: "White", side_black: "Black",
    step_n: "Step {n}", puzzle_n: "Puzzle {n}", source: "Source: {source}", all_done: "Tutorial complete: you know the rules. Try the puzzles!",
    reply: "The reply: {move}.", show_move: "Show the move", no_puzzles: "No puzzles for these rules yet.",
    error: "Something went wrong: {message}", wait: "Please wait.", start_position: "the start position",
    closest_family: "Play both sides to try the moves. The tutorial and the puzzles below teach the closest family of rules: {family}.",
  },
  de: {
    learn_title: "Dame lernen", back_to_game: "Eine Partie spielen", rules: "Regeln", differences: "Varianten im Vergleich",
    tutorial: "Einführung", puzzles: "Aufgaben", family: "Regeln", language: "Sprache", loading: "Die Regel-Engine wird geladen…",
    rules_title: "Die Regeln", differences_intro: "Die Regeln jeder Variante, so wie die Engine sie spielt.",
    retry: "Noch einmal", next_step: "Nächster Schritt", hint: "Tipp", next_puzzle: "Nächste Aufgabe",
    puzzles_intro: "In jeder Stellung steckt eine Kombination: ein einziger erster Zug gewinnt mindestens zwei Steine, von der Engine geprüft.",
    demo_hint: "Probieren Sie die Züge auf dem Brett aus: ziehbare Steine sind umrandet. Ein verbotener Versuch sagt, warum.",
    col_variant: "Variante", col_board: "Brett", col_first: "Beginnt", col_backward: "Steine schlagen rückwärts",
    col_kings: "Damen", col_choice: "Welcher Schlag", col_passing: "Stein erreicht beim Schlagen die Grundreihe",
    col_removal: "Geschlagene Steine entfernt", col_men_kings: "Steine dürfen Damen schlagen", col_goal: "Ziel",
    yes: "ja", no: "nein", inverted: "gespiegelt: unten links ein helles Feld", flying: "fliegend", short: "ein Feld", white: "Weiß", black: "Schwarz",
    win: "alle schlagen oder blockieren", lose: "alle Steine verlieren (Schlagdame)", orthogonal: "nein: vorwärts und seitwärts (orthogonal)", also_straight: "ja, schräg und gerade",
    done: "Erledigt", solved: "Gelöst", your_move: "{side} am Zug. Finden Sie die Gewinnfolge.", side_white: "Weiß", side_black: "Schwarz",
    step_n: "Schritt {n}", puzzle_n: "Aufgabe {n}", source: "Quelle: {source}", all_done: "Einführung abgeschlossen: Sie kennen die Regeln. Versuchen Sie die Aufgaben!",
    reply: "Die Antwort: {move}.", show_move: "Zug zeigen", no_puzzles: "Für diese Regeln gibt es noch keine Aufgaben.",
    error: "Etwas ist schiefgegangen: {message}", wait: "Bitte warten.", start_position: "die Grundstellung",
    closest_family: "Spielen Sie beide Seiten, um die Züge auszuprobieren. Einführung und Aufgaben unten lehren die nächstverwandten Regeln: {family}.",
  },
};

// A newcomer's introduction per family, in both languages: what the live boards below show.
const INTRO = {
  international: {
    en: ["International draughts is played on a 10×10 board by two players with 20 men each, on the dark squares. White moves first.",
      "Men move one square diagonally forward but capture forwards and backwards. Capturing is compulsory, and of several captures you must choose the one that takes the most pieces.",
      "A man that ends its move on the far row becomes a king. Kings fly: they move and capture along a whole diagonal. Brazilian draughts has the same rules on 8×8, Canadian on 12×12."],
    de: ["Internationales Damespiel wird auf einem 10×10-Brett von zwei Spielern mit je 20 Steinen auf den dunklen Feldern gespielt. Weiß beginnt.",
      "Steine ziehen ein Feld schräg vorwärts, schlagen aber vorwärts und rückwärts. Es herrscht Schlagzwang, und von mehreren Schlägen muss der mit den meisten Steinen gewählt werden.",
      "Ein Stein, der seinen Zug auf der gegnerischen Grundreihe beendet, wird Dame. Damen fliegen: sie ziehen und schlagen entlang einer ganzen Diagonale. Brasilianisch: dieselben Regeln auf 8×8, kanadisch auf 12×12."],
  },
  russian: {
    en: ["Russian draughts (shashki) is played on an 8×8 board with 12 men each; squares are named a1 to h8. White moves first.",
      "Men move diagonally forward and capture in all four diagonal directions. Capturing is compulsory, but you may choose any capture, even a smaller one.",
      "A man that reaches the far row, even in the middle of a capture, becomes a king at once and goes on capturing as a king. Kings fly along the diagonals."],
    de: ["Russisches Damespiel (Schaschki) wird auf einem 8×8-Brett mit je 12 Steinen gespielt; die Felder heißen a1 bis h8. Weiß beginnt.",
      "Steine ziehen schräg vorwärts und schlagen in alle vier Richtungen. Es herrscht Schlagzwang, aber jeder Schlag darf gewählt werden, auch ein kleinerer.",
      "Ein Stein, der die Grundreihe erreicht, auch mitten im Schlagen, wird sofort Dame und schlägt als Dame weiter. Damen fliegen entlang der Diagonalen."],
  },
  english: {
    en: ["English draughts (checkers) is played on an 8×8 board with 12 men each, squares numbered 1 to 32. Black moves first.",
      "Men move and jump diagonally forward only. Jumping is compulsory and a jump continues while it can, but you may choose which jump to make.",
      "A man reaching the far row is crowned and its move ends. Kings move one square at a time, forwards and backwards."],
    de: ["Englisches Damespiel (Checkers) wird auf einem 8×8-Brett mit je 12 Steinen gespielt, die Felder sind von 1 bis 32 nummeriert. Schwarz beginnt.",
      "Steine ziehen und springen nur schräg vorwärts. Es herrscht Sprungzwang, ein Sprung geht weiter, solange es geht, aber welcher Sprung, ist frei.",
      "Ein Stein auf der Grundreihe wird gekrönt, und sein Zug endet. Damen ziehen je ein Feld, vorwärts und rückwärts."],
  },
};

const $ = (id) => document.getElementById(id);
const store = {
  get(key) {
    try {
      return JSON.parse(localStorage.getItem(key) || "null");
    } catch {
      return null;
    }
  },
  set(key, value) {
    try {
      localStorage.setItem(key, JSON.stringify(value));
    } catch {}
  },
};

let lang = ["en", "de"].includes(store.get("draughts.learn.lang")) ? store.get("draughts.learn.lang")
  : (navigator.language || "en").slice(0, 2).toLowerCase() === "de" ? "de" : "en";
// The three families have a hand-written introduction, rule demos and a tutorial of their own;
// every other variant gets an introduction written from its rule flags and its own live board.
const FAMILIES = ["international", "russian", "english"];
// "family" is the chosen variant; it is checked against the rules table once that has arrived.
let family = (location.hash.slice(1) || store.get("draughts.learn.family") || "international").toLowerCase();

function t(key, params = {}) {
  const template = STRINGS[lang][key] ?? STRINGS.en[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}
const pick = (obj, base) => (lang === "de" && obj[`${base}_de`] ? obj[`${base}_de`] : obj[base]);
const reasonText = (r) => {
  const text = lang === "de" && r.text_de ? r.text_de : r.text;
  return r.source ? `${text} (${r.source})` : text;
};

function translate() {
  document.documentElement.lang = lang;
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
  document.title = t("learn_title");
}

function feedback(id, text, kind = "") {
  const el = $(id);
  el.textContent = text;
  el.dataset.kind = kind;
}

// ---------------------------------------------------------------------------------------------
// Boards for practice: board.js with a label function; moves and refusals go to the handlers.

function squareName(view, n) {
  const s = view?.squares.find((q) => q[0] === n);
  return s ? s[1] : String(n);
}

function makeBoard(root, onMove, onRefused) {
  const board = new Board(root, {
    onMove,
    onMessage: (key) => {
      if (key === "wait" || key === "gameOver" || key === "reviewing") return;
      // the try as text ("39-34", "c3-b2", or just the piece): Python says why it is refused
      const square = board.focusSquare;
      const origin = board.selected ?? square;
      const text = board.selected != null && board.selected !== square
        ? `${squareName(board.view, origin)}-${squareName(board.view, square)}` : squareName(board.view, origin);
      onRefused(text);
    },
    label: (square, piece) => {
      if (!piece) return `${lang === "de" ? "Feld" : "square"} ${square.label}`;
      const white = piece.toLowerCase() === "w";
      const king = piece === piece.toUpperCase();
      const words = lang === "de" ? `${white ? (king ? "weiße" : "weißer") : (king ? "schwarze" : "schwarzer")} ${king ? "Dame" : "Stein"}`
        : `${white ? "white" : "black"} ${king ? "king" : "man"}`;
      return `${lang === "de" ? "Feld" : "square"} ${square.label}, ${words}`;
    },
    routeTitle: () => (lang === "de" ? "Mehrere Wege enden dort:" : "Several routes end there:"),
    routeLabel: (move) => move.text,
  });
  return board;
}

// ---------------------------------------------------------------------------------------------
// The rules: an introduction and a live board per rule (the tutorial's positions)

let steps = [];
let table = null;

/** The family's own row of the rules table as a short list: the rules at a glance. */
function glance() {
  const list = document.createElement("ul");
  list.className = "glance";
  list.id = "glance";
  const row = table?.find((r) => r.key === family);
  if (!row) return list;
  for (const [key, value] of columns().slice(1)) {
    const li = document.createElement("li");
    const b = document.createElement("strong");
    b.textContent = `${t(key)}: `;
    li.append(b, value(row));
    list.append(li);
  }
  return list;
}

/** A newcomer's introduction to a variant without a hand-written one, from its rule flags. */
function writtenIntro(row) {
  const de = lang === "de";
  const first = t(row.first);
  const board = de ? `auf einem ${row.board}-Brett mit ${row.squares} Spielfeldern${row.inverted ? " (gespiegelt: unten links ein helles Feld)" : ""}`
    : `on ${row.board.startsWith("8") ? "an" : "a"} ${row.board} board with ${row.squares} playing squares${row.inverted ? " (mirrored: a light square bottom left)" : ""}`;
  const men = row.orthogonal && !row.menBackward
    ? (de ? "Steine ziehen und schlagen gerade vorwärts und seitwärts, nicht schräg." : "Men move and capture straight forwards and sideways, not diagonally.")
    : row.orthogonal ? (de ? "Steine ziehen schräg vorwärts und schlagen schräg und gerade, vorwärts wie rückwärts." : "Men move diagonally forwards and capture diagonally and straight, forwards and backwards.")
      : row.menBackward ? (de ? "Steine ziehen schräg vorwärts und schlagen vorwärts und rückwärts." : "Men move diagonally forwards and capture forwards and backwards.")
        : (de ? "Steine ziehen und schlagen nur schräg vorwärts." : "Men move and capture diagonally forwards only.");
  const word = (pair) => (de ? pair[1] : pair[0]);
  const paragraphs = [
    de ? `${row.name} wird ${board} gespielt. ${first} beginnt.` : `${row.name} is played ${board}. ${first} moves first.`,
    `${men} ${de ? `Es herrscht Schlagzwang; welcher Schlag: ${word(row.choice)}.` : `Capturing is compulsory; which capture: ${word(row.choice)}.`}`,
    de ? `Damen ${row.flying ? "fliegen über ganze Linien" : "ziehen ein Feld"}. Erreicht ein Stein beim Schlagen die Grundreihe: ${word(row.passing)}. Geschlagene Steine werden ${word(row.removal)} entfernt.`
      : `Kings ${row.flying ? "fly along whole lines" : "move one square"}. A man reaching the far row during a capture: ${word(row.passing)}. Captured pieces are removed ${word(row.removal)}.`,
  ];
  if (!row.menTakeKings) paragraphs.push(de ? "Steine dürfen keine Damen schlagen." : "Men may not capture kings.");
  if (row.losing) paragraphs.push(de ? "Das Ziel ist umgekehrt: wer alle Steine verliert oder nicht mehr ziehen kann, gewinnt."
    : "The goal is reversed: the side that loses all its pieces, or cannot move, wins.");
  return paragraphs;
}

function renderRules() {
  const intro = $("rules-intro");
  const row = table?.find((r) => r.key === family);
  const paragraphs = INTRO[family]?.[lang] || (row ? writtenIntro(row) : []);
  intro.replaceChildren(...paragraphs.map((text) => Object.assign(document.createElement("p"), { textContent: text })),
    glance(), Object.assign(document.createElement("p"), { textContent: t("demo_hint"), className: "muted" }));
  const demos = $("demos");
  if (!FAMILIES.includes(family)) {
    // no rule demos of its own: the variant's start position, live, and where the lessons are
    const card = document.createElement("article");
    card.className = "demo";
    card.dataset.step = `${family}-start`;
    const h = document.createElement("h3");
    h.textContent = `${row?.name || family}: ${t("start_position")}`;
    const p = document.createElement("p");
    const closest = table?.find((r) => r.key === steps[0]?.family)?.name || steps[0]?.family || "";
    p.textContent = t("closest_family", { family: closest });
    const board = document.createElement("draughts-board");
    board.setAttribute("variant", family);
    board.setAttribute("mode", "two");
    board.setAttribute("lang", lang);
    board.setAttribute("why", "");
    card.append(h, p, board);
    demos.replaceChildren(card);
    return;
  }
  demos.replaceChildren(...steps.map((step) => {
    const card = document.createElement("article");
    card.className = "demo";
    card.dataset.step = step.id;
    const h = document.createElement("h3");
    h.textContent = pick(step, "title");
    const p = document.createElement("p");
    p.textContent = pick(step, "text");
    const board = document.createElement("draughts-board");
    board.setAttribute("variant", step.variant);
    board.setAttribute("fen", step.fen);
    board.setAttribute("mode", "two");
    board.setAttribute("lang", lang);
    board.setAttribute("why", "");
    card.append(h, p, board);
    return card;
  }));
}

/** The table's columns: a heading key and how a rules_table row reads in it. */
function columns() {
  const yes = (b) => (b ? t("yes") : t("no"));
  const word = (pair) => (lang === "de" ? pair[1] : pair[0]);
  return [
    ["col_variant", (r) => r.name], ["col_board", (r) => `${r.board}${r.inverted ? ` (${t("inverted")})` : ""}`],
    ["col_first", (r) => t(r.first)], ["col_backward", (r) => (r.orthogonal && !r.menBackward ? t("orthogonal") : r.orthogonal ? t("also_straight") : yes(r.menBackward))],
    ["col_kings", (r) => (r.flying ? t("flying") : t("short"))], ["col_choice", (r) => word(r.choice)],
    ["col_passing", (r) => word(r.passing)], ["col_removal", (r) => word(r.removal)],
    ["col_men_kings", (r) => yes(r.menTakeKings)], ["col_goal", (r) => (r.losing ? t("lose") : t("win"))],
  ];
}

function renderTable() {
  if (!table) return;
  const el = $("diff-table");
  const head = document.createElement("thead");
  const hr = document.createElement("tr");
  for (const [key] of columns()) hr.append(Object.assign(document.createElement("th"), { textContent: t(key), scope: "col" }));
  head.append(hr);
  const body = document.createElement("tbody");
  for (const row of table) {
    const tr = document.createElement("tr");
    tr.dataset.variant = row.key;
    if (row.key === family) tr.className = "current";
    columns().forEach(([, value], i) => {
      const cell = document.createElement(i === 0 ? "th" : "td");
      if (i === 0) cell.scope = "row";
      cell.textContent = value(row);
      tr.append(cell);
    });
    body.append(tr);
  }
  el.replaceChildren(head, body);
}

// ---------------------------------------------------------------------------------------------
// The tutorial

const TUTORIAL = "learn-tutorial";
let stepIndex = 0;
let tutorialBoard = null;
let tutorialDone = new Set(store.get("draughts.learn.done") || []);

function renderStepList() {
  $("tutorial-steps").replaceChildren(...steps.map((step, i) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = pick(step, "title");
    b.dataset.step = step.id;
    b.setAttribute("aria-current", i === stepIndex ? "step" : "false");
    if (tutorialDone.has(step.id)) b.dataset.done = "true";
    b.addEventListener("click", () => showStep(i));
    li.append(b);
    return li;
  }));
}

async function showStep(i) {
  stepIndex = Math.max(0, Math.min(steps.length - 1, i));
  const step = steps[stepIndex];
  $("tutorial").dataset.step = step.id;
  $("tutorial").dataset.state = "task";
  $("tutorial-step-title").textContent = `${t("step_n", { n: stepIndex + 1 })}: ${pick(step, "title")}`;
  $("tutorial-text").textContent = pick(step, "text");
  feedback("tutorial-feedback", "");
  renderStepList();
  const view = await call("new_game", { variant: step.variant, fen: step.fen }, TUTORIAL);
  tutorialBoard.setView(view, { animate: false });
  tutorialBoard.setInteractive(true);
  $("tutorial-next").disabled = stepIndex >= steps.length - 1;
}

async function tutorialTry(text, move = null) {
  const step = steps[stepIndex];
  const result = await call("tutorial_try", { id: step.id, text });
  if (!result.completed) {
    feedback("tutorial-feedback", reasonText(result), "refused");
    $("tutorial-feedback").dataset.rule = result.rule;
    tutorialBoard.setView(tutorialBoard.view, { animate: false });
    tutorialBoard.setInteractive(true);
    return;
  }
  tutorialBoard.setInteractive(false);
  const view = await call("play", { index: tutorialBoard.view.moves.indexOf(move) }, TUTORIAL);
  tutorialBoard.setView(view, { animate: true });
  tutorialDone.add(step.id);
  store.set("draughts.learn.done", [...tutorialDone]);
  const last = stepIndex >= steps.length - 1;
  feedback("tutorial-feedback", reasonText(result) + (last ? ` ${t("all_done")}` : ""), "done");
  $("tutorial-feedback").dataset.rule = result.rule;
  $("tutorial").dataset.state = "done";
  $("tutorial-next").disabled = last;
  renderStepList();
}

// ---------------------------------------------------------------------------------------------
// The puzzles

const PUZZLE = "learn-puzzle";
let puzzles = [];
let puzzleIndex = 0;
let played = [];
let hintLevel = 0;
let puzzleBusy = false;
let solved = new Set(store.get("draughts.learn.solved") || []);

/** The variants whose puzzles belong to a family (Brazilian plays International's rules on 8×8). */
function familyVariants() {
  if (family === "international") return ["international", "brazilian"];
  if (family === "brazilian") return ["brazilian", "international"];
  return [family];
}

function renderPuzzleList() {
  $("puzzle-list").replaceChildren(...puzzles.map((p, i) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = t("puzzle_n", { n: i + 1 });
    b.dataset.puzzle = p.id;
    b.setAttribute("aria-current", i === puzzleIndex ? "step" : "false");
    if (solved.has(p.id)) b.dataset.done = "true";
    b.addEventListener("click", () => showPuzzle(i));
    li.append(b);
    return li;
  }));
}

function puzzleTitle(p) {
  const other = p.variant !== family ? ` (${table?.find((r) => r.key === p.variant)?.name || p.variant})` : "";
  return `${t("puzzle_n", { n: puzzles.indexOf(p) + 1 })}: ${pick(p, "title")}${other}`;
}

async function showPuzzle(i) {
  const section = $("puzzles");
  if (!puzzles.length) {
    $("puzzle-title").textContent = t("no_puzzles");
    section.dataset.state = "none";
    return;
  }
  puzzleIndex = Math.max(0, Math.min(puzzles.length - 1, i));
  const p = puzzles[puzzleIndex];
  played = [];
  hintLevel = 0;
  section.dataset.puzzle = p.id;
  section.dataset.state = "task";
  $("puzzle-title").textContent = puzzleTitle(p);
  $("puzzle-task").textContent = t("your_move", { side: t(`side_${p.side}`) });
  $("puzzle-source").textContent = t("source", { source: p.source });
  feedback("puzzle-feedback", "");
  $("puzzle-hint").textContent = "";
  $("puzzle-hint-btn").textContent = t("hint");
  $("puzzle-hint-btn").disabled = false;
  $("puzzle-next").disabled = puzzleIndex >= puzzles.length - 1;
  renderPuzzleList();
  const view = await call("new_game", { variant: p.variant, fen: p.fen }, PUZZLE);
  puzzleBoard.setFlipped(p.side === "black");
  puzzleBoard.setView(view, { animate: false });
  puzzleBoard.setInteractive(true);
}

async function puzzleTry(text, move = null) {
  if (puzzleBusy) return;
  const p = puzzles[puzzleIndex];
  const verdict = await call("puzzle_try", { id: p.id, played, text });
  if (!verdict.correct) {
    feedback("puzzle-feedback", reasonText(verdict), "refused");
    $("puzzle-feedback").dataset.rule = verdict.rule;
    puzzleBoard.setView(puzzleBoard.view, { animate: false });
    puzzleBoard.setInteractive(true);
    return;
  }
  puzzleBusy = true;
  puzzleBoard.setInteractive(false);
  try {
    let view = await call("play", { index: puzzleBoard.view.moves.indexOf(move) }, PUZZLE);
    puzzleBoard.setView(view, { animate: true });
    played.push(text);
    hintLevel = 0;
    $("puzzle-hint").textContent = "";
    let message = reasonText(verdict);
    if (verdict.reply) {
      await new Promise((resolve) => setTimeout(resolve, 450)); // let the player see their move land
      view = await call("play", { text: verdict.reply }, PUZZLE);
      puzzleBoard.setView(view, { animate: true });
      played.push(verdict.reply);
      message += ` ${t("reply", { move: verdict.reply })}`;
    }
    feedback("puzzle-feedback", message, verdict.solved ? "done" : "right");
    if (verdict.solved) {
      $("puzzles").dataset.state = "solved";
      solved.add(p.id);
      store.set("draughts.learn.solved", [...solved]);
      $("puzzle-hint-btn").disabled = true;
      renderPuzzleList();
    } else puzzleBoard.setInteractive(true);
  } finally {
    puzzleBusy = false;
  }
}

function puzzleHint() {
  const p = puzzles[puzzleIndex];
  if (!p) return;
  hintLevel += 1;
  if (hintLevel === 1) {
    $("puzzle-hint").textContent = pick(p, "hint");
    $("puzzle-hint-btn").textContent = t("show_move");
  } else {
    // the second press shows the next move of the solution on the board
    const next = p.solution[played.length];
    const move = puzzleBoard.view.moves.find((m) => m.text === next);
    if (move) puzzleBoard.setHint(move);
    $("puzzle-hint").textContent = `${pick(p, "hint")} → ${next}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Start-up

let puzzleBoard = null;

async function loadFamily() {
  store.set("draughts.learn.family", family);
  $("family").value = family;
  const [tut, ...lists] = await Promise.all([call("tutorial", { family }),
    ...familyVariants().map((variant) => call("puzzles", { variant }))]);
  steps = tut.steps;
  puzzles = lists.flatMap((list) => list.puzzles);
  renderRules();
  renderTable();
  await showStep(0);
  await showPuzzle(0);
}

function relabel() {
  translate();
  renderRules();
  renderTable();
  if (steps.length) {
    renderStepList();
    const step = steps[stepIndex];
    $("tutorial-step-title").textContent = `${t("step_n", { n: stepIndex + 1 })}: ${pick(step, "title")}`;
    $("tutorial-text").textContent = pick(step, "text");
  }
  if (puzzles.length) {
    renderPuzzleList();
    const p = puzzles[puzzleIndex];
    $("puzzle-title").textContent = puzzleTitle(p);
    $("puzzle-task").textContent = t("your_move", { side: t(`side_${p.side}`) });
    if (hintLevel) $("puzzle-hint").textContent = pick(p, "hint");
  }
  tutorialBoard?.relabel();
  puzzleBoard?.relabel();
}

async function main() {
  translate();
  $("lang").value = lang;
  tutorialBoard = makeBoard($("tutorial-board"), (move) => tutorialTry(move.text, move), (text) => tutorialTry(text));
  puzzleBoard = makeBoard($("puzzle-board"), (move) => puzzleTry(move.text, move), (text) => puzzleTry(text));
  $("lang").addEventListener("change", (e) => {
    lang = e.target.value;
    store.set("draughts.learn.lang", lang);
    relabel();
  });
  $("family").addEventListener("change", (e) => {
    family = e.target.value;
    history.replaceState(null, "", `#${family}`);
    loadFamily().catch(showError);
  });
  $("tutorial-retry").addEventListener("click", () => showStep(stepIndex));
  $("tutorial-next").addEventListener("click", () => showStep(stepIndex + 1));
  $("puzzle-retry").addEventListener("click", () => showPuzzle(puzzleIndex));
  $("puzzle-next").addEventListener("click", () => showPuzzle(puzzleIndex + 1));
  $("puzzle-hint-btn").addEventListener("click", puzzleHint);
  const stop = onProgress((p) => ($("loading-bar").value = p.fraction));
  await ready();
  stop();
  $("loading").hidden = true;
  table = (await call("rules_table")).variants;
  if (!table.some((r) => r.key === family)) {
    // the hash named a section (#puzzles), not a variant: the last choice, else International
    const saved = store.get("draughts.learn.family");
    family = table.some((r) => r.key === saved) ? saved : "international";
  }
  await loadFamily();
  document.documentElement.dataset.ready = "true";
}

function showError(error) {
  const box = $("fatal");
  box.textContent = t("error", { message: error.message });
  box.hidden = false;
}

main().catch(showError);
// the same service worker as the game: after one visit the learn page works offline too
if ("serviceWorker" in navigator && location.protocol !== "file:") {
  navigator.serviceWorker.register(new URL("./sw.js", import.meta.url)).catch((error) => console.warn("service worker:", error));
}
