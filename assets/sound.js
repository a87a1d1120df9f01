/*
 * The game's sounds, synthesised with Web Audio: no recording, nothing fetched.
 *
 * window.manhattanSound(kind) plays "build", "takeover", "score", "godzilla" or "end" (the
 * Sound effect of game/web/model/effects.py, called by game/web/shell/browser.py; the mute
 * is Python's: a muted game never calls this).
 *
 * Browsers' autoplay rules: no AudioContext exists until the person has touched the page
 * (pointerdown, keydown or touchend on the page); it is made and resumed inside that gesture.
 * Until then every call is counted and dropped, silently.
 *
 * A muted page (<html data-sound="off">, set by Python, and by assets/boot.js from the kept
 * preference before Python starts) makes no AudioContext at all: in WebKitGTK the first one
 * loads the whole sound stack into the tab (GStreamer, PulseAudio, their codecs: about
 * 12 MB, never given back; docs/performance.md). The tap that turns the sound on makes it:
 * its click reaches the window after the page has drawn the change.
 *
 * Test hook: window.manhattanSound.log lists each call as {kind, played} (played: false
 * before a gesture); window.manhattanSound.context() is the AudioContext (null before).
 *
 * Plain ES5, like assets/boot.js.
 */
(function () {
  "use strict";
  var Context = window.AudioContext || window.webkitAudioContext;
  var ctx = null;
  var touched = false;
  var log = [];

  function unlock() {
    touched = true;
    if (!Context || document.documentElement.getAttribute("data-sound") === "off") return;
    try {
      if (!ctx) ctx = new Context();
      if (ctx.state === "suspended" && ctx.resume) ctx.resume();
    } catch (e) {
      ctx = null;
    }
  }
  ["pointerdown", "keydown", "touchend"].forEach(function (type) {
    window.addEventListener(type, unlock, true);
  });
  window.addEventListener("click", function (event) {
    if (event.isTrusted) unlock(); // after the page's own handler: the sound may just be on
  }, false);

  /* One note: an oscillator of `type` from `f0` to `f1` Hz, `len` s long, `delay` s from now. */
  function tone(type, f0, f1, delay, len, volume) {
    var t = ctx.currentTime + delay;
    var osc = ctx.createOscillator();
    var gain = ctx.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(f0, t);
    if (f1 !== f0) osc.frequency.exponentialRampToValueAtTime(f1, t + len);
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(volume, t + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + len);
    osc.connect(gain);
    gain.connect(ctx.destination);
    osc.start(t);
    osc.stop(t + len + 0.02);
  }

  /* A burst of filtered noise (a rumble), `len` s long. */
  function noise(delay, len, volume, cutoff) {
    var t = ctx.currentTime + delay;
    var frames = Math.max(1, Math.floor(ctx.sampleRate * len));
    var buffer = ctx.createBuffer(1, frames, ctx.sampleRate);
    var data = buffer.getChannelData(0);
    for (var i = 0; i < frames; i++) data[i] = Math.random() * 2 - 1;
    var source = ctx.createBufferSource();
    var filter = ctx.createBiquadFilter();
    var gain = ctx.createGain();
    source.buffer = buffer;
    filter.type = "lowpass";
    filter.frequency.setValueAtTime(cutoff, t);
    gain.gain.setValueAtTime(volume, t);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + len);
    source.connect(filter);
    filter.connect(gain);
    gain.connect(ctx.destination);
    source.start(t);
  }

  var SOUNDS = {
    build: function () { tone("triangle", 520, 660, 0, 0.12, 0.25); },
    takeover: function () {
      tone("square", 330, 330, 0, 0.09, 0.12);
      tone("square", 494, 494, 0.09, 0.14, 0.12);
    },
    score: function () {
      tone("triangle", 523, 523, 0, 0.12, 0.22);
      tone("triangle", 659, 659, 0.1, 0.12, 0.22);
      tone("triangle", 784, 784, 0.2, 0.22, 0.22);
    },
    godzilla: function () {
      noise(0, 0.5, 0.5, 400);
      tone("sawtooth", 110, 55, 0, 0.5, 0.18);
    },
    end: function () {
      [523, 659, 784, 1047].forEach(function (f, i) {
        tone("triangle", f, f, i * 0.14, i === 3 ? 0.5 : 0.16, 0.22);
      });
    }
  };

  function play(kind) {
    var entry = { kind: String(kind), played: false };
    log.push(entry);
    if (!touched || !ctx || !SOUNDS[entry.kind]) return false;
    try {
      if (ctx.state === "suspended" && ctx.resume) ctx.resume();
      SOUNDS[entry.kind]();
      entry.played = true;
    } catch (e) {
      /* no sound is worth an error */
    }
    return entry.played;
  }
  play.log = log;
  play.context = function () { return ctx; };
  window.manhattanSound = play;
})();
