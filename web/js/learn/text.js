// The learn page's words in English and German, and a newcomer's introduction to each of the
// three families with rule demos of their own.

/** @type {Record<string, Record<string, string>>} */
export const STRINGS = {
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
/** @type {Record<string, Record<string, string[]>>} */
export const INTRO = {
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

let lang = "en";

/** The page's language: en or de. */
export function language() {
  return lang;
}

/** @param {string} code */
export function setLanguage(code) {
  lang = STRINGS[code] ? code : "en";
  document.documentElement.lang = lang;
}

/** @param {string} key @param {Record<string, unknown>} [params] */
export function t(key, params = {}) {
  const template = STRINGS[lang][key] ?? STRINGS.en[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

/** A field of Python's data in the page's language (`title` or `title_de`). @param {Record<string, any>} obj @param {string} base @returns {string} */
export function pick(obj, base) {
  return lang === "de" && obj[`${base}_de`] ? obj[`${base}_de`] : obj[base];
}

/** A reason from Python {text, text_de, source} in the page's language. @param {{text: string, text_de?: string, source?: string}} r */
export function reasonText(r) {
  const text = lang === "de" && r.text_de ? r.text_de : r.text;
  return r.source ? `${text} (${r.source})` : text;
}
