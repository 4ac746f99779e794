// The play page's sounds: a move, a capture, a promotion and the end of a game, each a few
// notes made in the page with WebAudio (an oscillator through a short volume envelope), so
// there is no sound file to fetch and nothing leaves the site. One AudioContext, made at the
// first sound (browsers let it start only after the player has touched the page); none at all
// while the sounds are off.

/** @typedef {"move" | "capture" | "promotion" | "end"} SoundKind */

/**
 * A note: its waveform, pitch (Hz), start after the sound begins and length (seconds), and
 * loudness (0-1).
 * @typedef {{wave: OscillatorType, hz: number, at: number, length: number, level: number}} Note
 */

/** @type {Record<SoundKind, Note[]>} */
const SOUNDS = {
  // a short low knock, like a piece set down on wood
  move: [{ wave: "sine", hz: 330, at: 0, length: 0.09, level: 0.35 }],
  // two knocks falling: a piece is taken off the board
  capture: [
    { wave: "triangle", hz: 392, at: 0, length: 0.07, level: 0.35 },
    { wave: "triangle", hz: 262, at: 0.07, length: 0.11, level: 0.35 },
  ],
  // a rising triad: a man is crowned
  promotion: [
    { wave: "sine", hz: 523.25, at: 0, length: 0.1, level: 0.25 },
    { wave: "sine", hz: 659.25, at: 0.09, length: 0.1, level: 0.25 },
    { wave: "sine", hz: 783.99, at: 0.18, length: 0.18, level: 0.25 },
  ],
  // a held chord after the last move's knock: the game is over
  end: [
    { wave: "triangle", hz: 392, at: 0.15, length: 0.6, level: 0.18 },
    { wave: "triangle", hz: 493.88, at: 0.15, length: 0.6, level: 0.14 },
    { wave: "triangle", hz: 587.33, at: 0.15, length: 0.6, level: 0.12 },
    { wave: "sine", hz: 196, at: 0.15, length: 0.7, level: 0.2 },
  ],
};

export class Sounds {
  constructor() {
    this.on = true;
    /** @type {AudioContext | null} */
    this.context = null;
  }

  /** Sounds on (true) or muted (false). @param {boolean} on */
  setOn(on) {
    this.on = on;
    if (!on && this.context) this.context.suspend().catch(() => {});
  }

  /** @param {SoundKind} kind */
  play(kind) {
    if (!this.on || typeof AudioContext === "undefined") return;
    const context = (this.context ||= new AudioContext());
    if (context.state === "suspended") context.resume().catch(() => {}); // not yet allowed: silent
    const begin = context.currentTime + 0.01;
    for (const note of SOUNDS[kind]) {
      const oscillator = context.createOscillator();
      oscillator.type = note.wave;
      oscillator.frequency.value = note.hz;
      const volume = context.createGain();
      const start = begin + note.at;
      const stop = start + note.length;
      // a quick rise and an exponential fall: a knock, without the click of a hard edge
      volume.gain.setValueAtTime(0.0001, start);
      volume.gain.exponentialRampToValueAtTime(note.level, start + 0.01);
      volume.gain.exponentialRampToValueAtTime(0.0001, stop);
      oscillator.connect(volume).connect(context.destination);
      oscillator.start(start);
      oscillator.stop(stop + 0.02);
    }
  }
}
