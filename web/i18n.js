// English and German. Python sends messages as {code, params, text}: known codes are translated
// here, anything else falls back to Python's English text, so a new engine message never shows
// up blank.

const STRINGS = {
  en: {
    title: "Draughts",
    loading: "Loading the game engine…",
    stage_config: "Reading the site…", stage_runtime: "Starting Python…", stage_micropip: "Loading the installer…",
    stage_draughts: "Installing the rules…", stage_main: "Setting up the board…", stage_ready: "Ready",
    fatal: "The game engine could not start: {message}",
    new_game: "New game", undo: "Undo", redo: "Redo", hint: "Hint", offer_draw: "Offer draw", resign: "Resign",
    flip: "Flip board", pdn: "PDN / FEN", settings: "Settings", back_to_game: "Back to the game",
    white: "White", black: "Black", man: "man", king: "king",
    square_label: "square {label}", square_piece: "square {label}, {colour} {kind}",
    state_movable: "can move", state_selected: "selected", state_destination: "move here",
    turn_white: "White to move", turn_black: "Black to move",
    you_play: "You play {colour}", two_players: "Two players",
    thinking: "The computer is thinking…",
    played: "{colour} played {move}", computer_played: "The computer played {move}",
    moves: "Moves", draw_counters: "Draw rules counting", house_rule: "House rule: captures are not compulsory",
    result_white: "White wins", result_black: "Black wins", result_draw: "Draw",
    rule: "Rule: {rule}", choose_route: "Several routes end there. Choose one:",
    route: "{text} takes {caps}",
    // messages from Python, by code
    wrong_side: "It is {side}'s turn.", empty: "Choose one of your pieces first: those that can move are marked.",
    not_destination: "That piece cannot go there: its squares are marked.",
    must_capture: "Capture is compulsory: only the marked pieces can take.",
    must_take_most: "You must take the most pieces ({count}): only the marked pieces can do that.",
    no_move: "This piece has no legal move.", game_over: "The game is over.",
    wait: "Please wait: it is not your move yet.", reviewing: "You are looking at an earlier position. Go back to the game to move.",
    // dialogs
    variant: "Variant", colour: "Your colour", level: "Level", opponent: "Opponent", vs_computer: "The computer",
    vs_human: "Two players on this device", draw_rules: "Draw rules", draw_default: "The variant's own",
    no_forced_capture: "House rule: captures are not compulsory", clock: "Clock", clock_none: "No clock",
    clock_base: "Minutes", clock_inc: "Increment (seconds)", start: "Start", cancel: "Cancel", close: "Close",
    pdn_title: "Game record (PDN) and position (FEN)", export: "Show this game's PDN", copy: "Copy", download: "Download",
    import: "Load this PDN", open_file: "Open a PDN file", fen: "FEN position", set_up: "Set up",
    copied: "Copied.", imported: "Game loaded.", set_up_done: "Position set up.",
    bad_pdn: "This PDN could not be read: {message}", bad_fen: "This FEN could not be used: {message}",
    theme: "Theme", theme_light: "Light", theme_dark: "Dark", theme_contrast: "High contrast", language: "Language",
    labels: "Square labels", labels_numbers: "Each square's name (32 or e3)", labels_edges: "Coordinates on the edges (a, b, … and 1, 2, …)", labels_none: "None", draw_offered: "{colour} offers a draw. Accept?", accept: "Accept", decline: "Decline",
    draw_declined: "The computer declines the draw.", corrupt_save: "The saved game could not be restored ({message}); it was set aside and a new game started.",
    record: "Your record against the computer ({variant}): {w} won, {d} drawn, {l} lost, rating {rating}",
    hint_text: "Hint: {move}", error: "Something went wrong: {message}", level_n: "Level {n}",
    engine_missing: "The computer opponent is not available in this build; play two players.",
    time_left: "{colour}: {time}", why: "Rules in play", learn: "Learn the rules", board: "Board: one button per playing square; arrow keys move, Enter selects and moves, Escape cancels",
  },
  de: {
    title: "Dame",
    loading: "Die Spiel-Engine wird geladen…",
    stage_config: "Seite wird gelesen…", stage_runtime: "Python startet…", stage_micropip: "Installer wird geladen…",
    stage_draughts: "Regeln werden installiert…", stage_main: "Brett wird vorbereitet…", stage_ready: "Bereit",
    fatal: "Die Spiel-Engine konnte nicht starten: {message}",
    new_game: "Neues Spiel", undo: "Zurück", redo: "Vor", hint: "Tipp", offer_draw: "Remis anbieten", resign: "Aufgeben",
    flip: "Brett drehen", pdn: "PDN / FEN", settings: "Einstellungen", back_to_game: "Zurück zur Partie",
    white: "Weiß", black: "Schwarz", man: "Stein", king: "Dame",
    square_label: "Feld {label}", square_piece: "Feld {label}, {colour} {kind}",
    state_movable: "kann ziehen", state_selected: "ausgewählt", state_destination: "hierhin ziehen",
    turn_white: "Weiß am Zug", turn_black: "Schwarz am Zug",
    you_play: "Sie spielen {colour}", two_players: "Zwei Spieler",
    thinking: "Der Computer denkt nach…",
    played: "{colour} zog {move}", computer_played: "Der Computer zog {move}",
    moves: "Züge", draw_counters: "Laufende Remisregeln", house_rule: "Hausregel: kein Schlagzwang",
    result_white: "Weiß gewinnt", result_black: "Schwarz gewinnt", result_draw: "Remis",
    rule: "Regel: {rule}", choose_route: "Mehrere Wege enden dort. Bitte wählen:",
    route: "{text} schlägt {caps}",
    wrong_side: "{side} ist am Zug.", empty: "Wählen Sie zuerst einen eigenen Stein: die ziehbaren sind markiert.",
    not_destination: "Dieser Stein kann dort nicht hin: seine Felder sind markiert.",
    must_capture: "Es herrscht Schlagzwang: nur die markierten Steine können schlagen.",
    must_take_most: "Sie müssen die meisten Steine schlagen ({count}): nur die markierten Steine können das.",
    no_move: "Dieser Stein hat keinen erlaubten Zug.", game_over: "Die Partie ist beendet.",
    wait: "Bitte warten: Sie sind noch nicht am Zug.", reviewing: "Sie sehen eine frühere Stellung. Zurück zur Partie, um zu ziehen.",
    variant: "Variante", colour: "Ihre Farbe", level: "Stufe", opponent: "Gegner", vs_computer: "Der Computer",
    vs_human: "Zwei Spieler an diesem Gerät", draw_rules: "Remisregeln", draw_default: "Die der Variante",
    no_forced_capture: "Hausregel: kein Schlagzwang", clock: "Uhr", clock_none: "Ohne Uhr",
    clock_base: "Minuten", clock_inc: "Zuschlag (Sekunden)", start: "Starten", cancel: "Abbrechen", close: "Schließen",
    pdn_title: "Partie (PDN) und Stellung (FEN)", export: "PDN dieser Partie zeigen", copy: "Kopieren", download: "Herunterladen",
    import: "Dieses PDN laden", open_file: "PDN-Datei öffnen", fen: "FEN-Stellung", set_up: "Aufstellen",
    copied: "Kopiert.", imported: "Partie geladen.", set_up_done: "Stellung aufgestellt.",
    bad_pdn: "Dieses PDN ist nicht lesbar: {message}", bad_fen: "Diese FEN ist nicht verwendbar: {message}",
    theme: "Farbschema", theme_light: "Hell", theme_dark: "Dunkel", theme_contrast: "Hoher Kontrast", language: "Sprache",
    labels: "Feldbeschriftung", labels_numbers: "Name jedes Feldes (32 oder e3)", labels_edges: "Koordinaten am Rand (a, b, … und 1, 2, …)", labels_none: "Keine", draw_offered: "{colour} bietet Remis an. Annehmen?", accept: "Annehmen", decline: "Ablehnen",
    draw_declined: "Der Computer lehnt das Remis ab.", corrupt_save: "Die gespeicherte Partie war nicht lesbar ({message}); sie wurde beiseitegelegt und ein neues Spiel begonnen.",
    record: "Ihre Bilanz gegen den Computer ({variant}): {w} gewonnen, {d} remis, {l} verloren, Wertung {rating}",
    hint_text: "Tipp: {move}", error: "Etwas ist schiefgegangen: {message}", level_n: "Stufe {n}",
    engine_missing: "Der Computergegner fehlt in dieser Version; bitte zu zweit spielen.",
    time_left: "{colour}: {time}", why: "Geltende Regeln", learn: "Regeln lernen",
    // result reasons by termination (English shows Python's own sentence)
    term_no_moves: "{loser} kann nicht mehr ziehen.", term_repetition: "Dieselbe Stellung hat sich wiederholt.",
    term_quiet_moves: "Zu viele Züge ohne Schlagen und ohne Steinzug.", term_endgame: "Die in diesem Endspiel erlaubten Züge sind gespielt.",
    term_resignation: "{loser} hat aufgegeben.", term_agreement: "Remis durch Einigung.", term_time: "{loser} hat die Zeit überschritten.", board: "Brett: eine Schaltfläche je Spielfeld; Pfeiltasten bewegen, Eingabe wählt und zieht, Escape bricht ab",
  },
};

// German adjective endings for "weißer Stein" / "weiße Dame" (Stein is masculine, Dame feminine).
const GERMAN_COLOUR = { white: { man: "weißer", king: "weiße" }, black: { man: "schwarzer", king: "schwarze" } };

let lang = "en";

export function pickLanguage(saved) {
  if (saved && STRINGS[saved]) return saved;
  const wanted = (navigator.languages || [navigator.language || "en"]).map((l) => l.slice(0, 2).toLowerCase());
  return wanted.find((l) => STRINGS[l]) || "en";
}

export function setLanguage(code) {
  lang = STRINGS[code] ? code : "en";
  document.documentElement.lang = lang;
}

export function language() {
  return lang;
}

export function t(key, params = {}) {
  const template = STRINGS[lang][key] ?? STRINGS.en[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

/** A Python message {code, params, text} in the current language. */
export function message(msg) {
  if (!msg) return "";
  const params = { ...msg.params };
  if (params.side) params.side = t(params.side);
  let text = msg.code && msg.code in STRINGS[lang] ? t(msg.code, params)
    : lang === "de" && msg.text_de ? msg.text_de : msg.text;
  if (msg.source) text += ` (${msg.source})`;
  return text;
}

export function colourName(side) {
  return t(side);
}

/** The reason a game ended: German from its termination, English as Python wrote it. */
export function resultReason(outcome) {
  const key = `term_${outcome.termination}`;
  if (lang === "en" || !(key in STRINGS[lang])) return outcome.reason;
  const loser = outcome.winner ? t(outcome.winner === "white" ? "black" : "white") : "";
  return t(key, { loser });
}

/** "square 32, white man" / "Feld 32, weißer Stein". */
export function squareLabel(label, piece) {
  if (!piece) return t("square_label", { label });
  const colour = piece.toLowerCase() === "w" ? "white" : "black";
  const kind = piece === piece.toUpperCase() ? "king" : "man";
  const colourWord = lang === "de" ? GERMAN_COLOUR[colour][kind] : t(colour).toLowerCase();
  return t("square_piece", { label, colour: colourWord, kind: t(kind) });
}

/** Fill every [data-i18n] element's text and [data-i18n-label] element's aria-label. */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]")) el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  document.title = t("title");
}
