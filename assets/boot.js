/*
 * Page shell helpers that must work even when Python never starts.
 *
 * 0. A browser that cannot run the game (no WebAssembly, no module workers, Safari older
 *    than 16.4, the oldest Pyodide supports) is told so in its language, in #boot-unsupported,
 *    instead of a spinner forever: html[data-unsupported="wasm" | "worker" | "safari"], and
 *    Python is not started.
 *
 * 1. Boot errors: PyScript reports failures by appending `.py-error` elements to
 *    <body> (its error plugin) and by throwing/rejecting. Until the UI marks the page
 *    ready (html[data-ready="true"]), any of these is copied into #boot-error so the
 *    player sees a readable message instead of a spinner forever or a blank page.
 * 2. A "still loading" hint after 20 s (slow first download on a phone).
 * 3. Service worker registration, deferred until Python is ready (or PyScript is
 *    done), so the precache does not compete with the first runtime download and
 *    can reuse the HTTP cache.
 * 4. Updates: when a new version's worker is installed and waiting, the page is told
 *    (window.manhattanUpdateWaiting, event "manhattan:update-ready"; the Python UI
 *    shows "A new version is ready"), and window.manhattanApplyUpdate() activates it
 *    and reloads once it controls the page. An open tab looks for a new version every
 *    5 minutes while visible and whenever it becomes visible again (4b. below).
 *
 * 5. The screen this start will show, at once: when the page was last hidden,
 *    game/web/runtime/boot_screen.py kept the markup of what the next start shows (the start screen,
 *    the pass screen of a game of people: never anyone's cards; or the table of a person
 *    alone against computers, with that person's own cards). It is drawn here, inert, while
 *    Python restores; Python's first render replaces it with the same screen, which then
 *    answers taps. An entry whose save has changed since is ignored, and a table is drawn
 *    only when the save it belongs to has one person.
 *
 * 6. The offline copy heals itself: a file missing offline is said in #boot-offline with
 *    Try again; once ready, sw.js is asked to check and repair its cache (below).
 *
 * Plain JS by design: with assets/sound.js (the synthesised sounds), the only hand-written
 * JavaScript of the project. ES5 only,
 * so that an old browser runs it far enough to say it is too old.
 */
(function () {
  "use strict";
  var html = document.documentElement;

  /* The texts of the catalogue's shell.* (locale/<lang>/LC_MESSAGES/manhattan.po; a key here is
   * the id without "shell."): this runs before Python, so it carries its own copy;
   * tests/web/test_shell_texts.py checks the two agree. Strict JSON between the markers
   * (scripts/build.py also gives them to sw.js, for when index.html itself is missing). */
  var SHELL_TEXTS = /* shell-texts: */ {
    "en": {
      "unsupported.title": "This browser cannot run Manhattan",
      "unsupported.wasm": "It lacks WebAssembly, which the game needs. Switch WebAssembly on, or open the game in a current Safari, Chrome, Firefox or Edge.",
      "unsupported.worker": "It cannot start module workers, which the game needs. Update it, or open the game in a current Safari, Chrome, Firefox or Edge.",
      "unsupported.safari": "The game needs Safari 16.4 or newer. Update your iPhone, iPad or Mac (Settings, General, Software Update), then open the game again.",
      "unsupported.saves": "Your saved games stay in this browser.",
      "offline.title": "Part of the game is missing on this device",
      "offline.missing": "The browser has removed some of the game’s files from its offline copy, and without a connection they cannot be downloaded again. Connect to the internet, then try again.",
      "offline.retry": "Try again",
      "loading.title": "Loading the game…",
      "loading.label": "Loading",
      "loading.runtime": "Step 1 of 3: loading the Python runtime",
      "loading.game": "Step 2 of 3: loading the game",
      "loading.opening": "Step 3 of 3: setting up the table",
      "loading.slow": "Still loading. The first visit downloads the Python runtime (about 5 MB); later visits and offline play start from the local copy."
    },
    "de": {
      "unsupported.title": "Dieser Browser kann Manhattan nicht ausführen",
      "unsupported.wasm": "Ihm fehlt WebAssembly, das das Spiel braucht. Schalte WebAssembly ein oder öffne das Spiel in einem aktuellen Safari, Chrome, Firefox oder Edge.",
      "unsupported.worker": "Er kann keine Modul-Worker starten, die das Spiel braucht. Aktualisiere ihn oder öffne das Spiel in einem aktuellen Safari, Chrome, Firefox oder Edge.",
      "unsupported.safari": "Das Spiel braucht Safari 16.4 oder neuer. Aktualisiere dein iPhone, iPad oder deinen Mac (Einstellungen, Allgemein, Softwareupdate) und öffne das Spiel dann erneut.",
      "unsupported.saves": "Deine gespeicherten Partien bleiben in diesem Browser.",
      "offline.title": "Ein Teil des Spiels fehlt auf diesem Gerät",
      "offline.missing": "Der Browser hat einige Dateien des Spiels aus seiner Offline-Kopie entfernt, und ohne Verbindung lassen sie sich nicht neu laden. Verbinde dich mit dem Internet und versuche es dann erneut.",
      "offline.retry": "Erneut versuchen",
      "loading.title": "Das Spiel wird geladen…",
      "loading.label": "Wird geladen",
      "loading.runtime": "Schritt 1 von 3: Die Python-Laufzeit wird geladen",
      "loading.game": "Schritt 2 von 3: Das Spiel wird geladen",
      "loading.opening": "Schritt 3 von 3: Der Spieltisch wird vorbereitet",
      "loading.slow": "Lädt noch. Beim ersten Besuch wird die Python-Laufzeit heruntergeladen (etwa 5 MB); spätere Besuche und das Spielen ohne Verbindung starten aus der lokalen Kopie."
    },
    "fr": {
      "unsupported.title": "Ce navigateur ne peut pas faire tourner Manhattan",
      "unsupported.wasm": "Il lui manque WebAssembly, dont le jeu a besoin. Activez WebAssembly, ou ouvrez le jeu dans un Safari, Chrome, Firefox ou Edge récent.",
      "unsupported.worker": "Il ne sait pas lancer de « module workers », dont le jeu a besoin. Mettez-le à jour, ou ouvrez le jeu dans un Safari, Chrome, Firefox ou Edge récent.",
      "unsupported.safari": "Le jeu a besoin de Safari 16.4 ou plus récent. Mettez à jour votre iPhone, iPad ou Mac (Réglages, Général, Mise à jour logicielle), puis rouvrez le jeu.",
      "unsupported.saves": "Vos parties enregistrées restent dans ce navigateur.",
      "offline.title": "Une partie du jeu manque sur cet appareil",
      "offline.missing": "Le navigateur a supprimé certains fichiers du jeu de sa copie hors ligne, et sans connexion ils ne peuvent pas être téléchargés à nouveau. Connectez-vous à Internet, puis réessayez.",
      "offline.retry": "Réessayer",
      "loading.title": "Chargement du jeu…",
      "loading.label": "Chargement",
      "loading.runtime": "Étape 1 sur 3 : chargement de Python",
      "loading.game": "Étape 2 sur 3 : chargement du jeu",
      "loading.opening": "Étape 3 sur 3 : préparation de la table",
      "loading.slow": "Chargement en cours. La première visite télécharge Python (environ 5 Mo) ; les visites suivantes et le jeu hors ligne partent de la copie locale."
    }
  } /* :shell-texts */;

  /* The page's colours as kept from an earlier visit (game/web/features/page.py THEMES), on
   * <html data-theme> before Python starts, so that the loading state and the kept screen
   * already have them; "auto" or nothing: the device's setting (assets/css/app.css). A kept
   * mute goes on <html data-sound>, so that a touch before Python starts makes no sound
   * stack (assets/sound.js). */
  try {
    var prefs = JSON.parse(localStorage.getItem("manhattan:prefs") || "{}");
    if (prefs.theme === "light" || prefs.theme === "dark") html.setAttribute("data-theme", prefs.theme);
    if (prefs.sound === "off") html.setAttribute("data-sound", "off"); // assets/sound.js
  } catch (e) { /* no storage, or not JSON */ }

  function moduleWorkers() {
    if (typeof Worker !== "function") return false;
    var known = false;
    try {
      // Only a browser that knows module workers reads the option `type`. The URL does not
      // parse, so no worker is started and nothing is requested.
      new Worker("http://[", { get type() { known = true; return "module"; } });
    } catch (e) { /* the invalid URL, as intended */ }
    return known;
  }

  function safariTooOld(agent) {
    // iPhone and iPad: every browser there is the system's WebKit; else Safari on a Mac.
    var found = /(?:iPhone|iPad|iPod).*? OS (\d+)(?:_(\d+))?/.exec(agent);
    if (!found && /Macintosh/.test(agent) && !/Chrome|Chromium|Firefox|Edg\//.test(agent)) {
      found = /Version\/(\d+)(?:\.(\d+))?.*Safari\//.exec(agent);
    }
    if (!found) return false;
    var major = Number(found[1]), minor = Number(found[2] || 0);
    return major < 16 || (major === 16 && minor < 4);
  }

  function unsupported() {
    if (typeof WebAssembly !== "object" || !WebAssembly ||
        typeof WebAssembly.instantiate !== "function") return "wasm";
    if (!moduleWorkers()) return "worker";
    if (safariTooOld(String(navigator.userAgent || ""))) return "safari";
    return null;
  }

  function ours(code) {
    var lang = String(code || "").toLowerCase().split("-")[0];
    return SHELL_TEXTS.hasOwnProperty(lang) ? lang : null;
  }

  // As the game picks it (game/web/messages pick_language): ?lang=, else the language
  // kept from an earlier visit, else the browser's languages, else English.
  function shellLanguage() {
    var found = null;
    try { found = ours(new URLSearchParams(location.search).get("lang")); } catch (e) { /* old */ }
    try {
      found = found || ours(JSON.parse(localStorage.getItem("manhattan:prefs") || "{}").lang);
    } catch (e) { /* no storage, or not JSON */ }
    var wanted = [].concat(navigator.languages || [], navigator.language || []);
    for (var i = 0; !found && i < wanted.length; i++) found = ours(wanted[i]);
    return found || "en";
  }

  function showUnsupported(reason) {
    var lang = shellLanguage();
    var texts = SHELL_TEXTS[lang];
    html.setAttribute("data-unsupported", reason);
    html.setAttribute("lang", lang);
    html.classList.add("boot-failed"); // the shell CSS hides the loading state
    var box = document.getElementById("boot-unsupported");
    if (box) {
      box.querySelector("h2").textContent = texts["unsupported.title"];
      document.getElementById("boot-unsupported-reason").textContent = texts["unsupported." + reason];
      document.getElementById("boot-unsupported-saves").textContent = texts["unsupported.saves"];
      box.hidden = false;
    }
    var loading = document.getElementById("loading");
    if (loading) loading.setAttribute("aria-busy", "false");
    // Python is not started: PyScript finds no script of its type.
    var scripts = document.querySelectorAll('script[type="py"]');
    for (var i = 0; i < scripts.length; i++) scripts[i].setAttribute("type", "text/x-not-started");
  }

  var cannotRun = unsupported();
  if (cannotRun) showUnsupported(cannotRun);
  else preloadRuntime();

  // The runtime's preload hints (scripts/build.py keeps them inert in a <template>): only a
  // browser that can run the game starts downloading it.
  function preloadRuntime() {
    var hints = document.getElementById("runtime-preload");
    if (hints && hints.content) document.head.appendChild(hints.content.cloneNode(true));
  }

  function isReady() {
    return html.getAttribute("data-ready") === "true";
  }

  function showBootError(message) {
    if (isReady()) return; // after boot the UI (and PyScript's banner) handle errors
    askHeal(); // a damaged cached file may be the cause: the next start has it again
    if (cannotRun || missingOffline) return; // said already, in the player's language (the
    // runtime's own failures that follow are the expected consequence)
    var box = document.getElementById("boot-error");
    var detail = document.getElementById("boot-error-detail");
    if (!box || !detail) return;
    var text = String(message || "Unknown error").trim();
    if (detail.textContent.indexOf(text) === -1) {
      detail.textContent += (detail.textContent ? "\n\n" : "") + text;
    }
    box.hidden = false;
    html.classList.add("boot-failed");
    var loading = document.getElementById("loading");
    if (loading) loading.setAttribute("aria-busy", "false");
  }

  // PyScript's own error banners (.py-error divs appended to <body>).
  function scan(node) {
    if (node.nodeType !== 1) return;
    if (node.classList.contains("py-error")) showBootError(node.textContent);
    var inner = node.querySelectorAll ? node.querySelectorAll(".py-error") : [];
    for (var i = 0; i < inner.length; i++) showBootError(inner[i].textContent);
  }
  new MutationObserver(function (records) {
    records.forEach(function (r) {
      r.addedNodes.forEach(scan);
    });
  }).observe(document.body, { childList: true, subtree: true });

  window.addEventListener("error", function (event) {
    // Script errors, and scripts that cannot be loaded. An image or a stylesheet that fails
    // (an icon missing from the offline copy) does not stop the game: sw.js fetches a missing
    // stylesheet again, or says the offline copy is incomplete (6. below).
    if (event.message) showBootError(event.message);
    else if (event.target && event.target !== window && event.target.tagName === "SCRIPT") {
      showBootError("Could not load " + event.target.src);
    }
  }, true);
  window.addEventListener("unhandledrejection", function (event) {
    var reason = event.reason;
    showBootError((reason && (reason.stack || reason.message)) || reason);
  });

  setTimeout(function () {
    if (!isReady()) html.classList.add("boot-is-slow");
  }, 20000);

  /* The loading state in the player's language, and the step the runtime is at (the
   * interpreter module, scripts/boot.template.mjs, sets <html data-boot-step>): words and a
   * bar a person can read, not only a spinner; hidden by CSS once the page is ready. */
  var BOOT_STEPS = ["runtime", "game", "opening"];
  (function showProgress() {
    if (cannotRun) return;
    var lang = shellLanguage();
    var texts = SHELL_TEXTS[lang];
    html.setAttribute("lang", lang);
    var put = function (id, text) {
      var el = document.getElementById(id);
      if (el) el.textContent = text;
    };
    put("boot-title", texts["loading.title"]);
    put("boot-slow", texts["loading.slow"]);
    var bar = document.getElementById("boot-progress-bar");
    var draw = function () {
      var at = Math.max(0, BOOT_STEPS.indexOf(html.getAttribute("data-boot-step")));
      put("boot-progress-step", texts["loading." + BOOT_STEPS[at]]);
      if (bar) bar.value = 2 * at + 1; // halfway through the step it is at
      html.setAttribute("data-boot-progress", BOOT_STEPS[at]);
    };
    draw();
    var watching = new MutationObserver(function () {
      if (isReady()) watching.disconnect();
      else draw();
    });
    watching.observe(html, { attributes: true, attributeFilter: ["data-boot-step", "data-ready"] });
  })();

  // 5. The kept screen (keys and format: game/web/runtime/boot_screen.py, game/web/saves/storage.py).
  // The game this tab will open (SaveStore.current): its own, kept in sessionStorage ("": no
  // game), while that save exists; else the game any tab opened last.
  function thisTabsGame() {
    var own = null;
    try {
      own = sessionStorage.getItem("manhattan:current");
    } catch (e) {
      own = null;
    }
    if (own === "") return null;
    if (own !== null && localStorage.getItem("manhattan:save:" + own) !== null) return own;
    return localStorage.getItem("manhattan:current") || null;
  }
  // The people at a saved game's table (a seat's "controller" is "human" or absent;
  // docs/save-format.md); -1 when the save has no list of players.
  function people(save) {
    var players = save && save.settings && save.settings.players;
    if (!players || typeof players.length !== "number") return -1;
    var count = 0;
    for (var i = 0; i < players.length; i++) {
      var controller = players[i] && players[i].controller;
      if (controller === undefined || controller === "human") count++;
    }
    return count;
  }
  function keptScreen() {
    try {
      var params = new URLSearchParams(location.search);
      if (location.hash || params.has("replay") || params.has("lang")) return null;
      var entry = JSON.parse(localStorage.getItem("manhattan:boot-screen") || "null");
      if (!entry || entry.v !== 1 || typeof entry.html !== "string") return null;
      // Kept in the language of the page that kept it (a ?lang= visit keeps no choice):
      // drawn only when this start speaks it too, so Python's screen does not change tongue.
      if (entry.lang !== shellLanguage()) return null;
      var table = entry.screen === "play";
      if (entry.html.length > 200000 || (entry.screen !== "start" && entry.screen !== "pass" && !table)) return null;
      var current = thisTabsGame();
      if ((entry.game || null) !== current) return null;
      if (current === null) return table ? null : entry;
      var save = JSON.parse(localStorage.getItem("manhattan:save:" + current) || "null");
      var meta = save && save.meta;
      var revision = meta && typeof meta.revision === "number" ? meta.revision : 0;
      if (revision !== entry.revision) return null;
      if (table && people(save) !== 1) return null;
      return entry;
    } catch (e) {
      return null; // no storage, a hand-edited entry: the loading screen, as before
    }
  }
  var keptNode = null;
  (function drawKeptScreen() {
    var app = document.getElementById("app");
    if (html.hasAttribute("data-unsupported")) return;
    var entry = app && !isReady() ? keptScreen() : null;
    if (!entry) return;
    var template = document.createElement("template");
    template.innerHTML = entry.html; // our own markup; the CSP allows no inline script
    var screen = template.content.firstElementChild;
    if (!screen) return;
    screen.setAttribute("inert", "");
    app.appendChild(screen);
    keptNode = screen;
    html.setAttribute("data-kept-screen", entry.screen);
    if (typeof entry.lang === "string") html.setAttribute("lang", entry.lang);
    try {
      performance.mark("shell:kept-screen");
    } catch (e) {
      /* marks are a measurement aid only */
    }
  })();

  /* 6. The offline copy heals itself (issue 23.2, sw.js "Healing"). A file of the game missing
   * from the service worker's cache while there is no network: sw.js tells this page
   * ("manhattan:missing"), which says so in the player's language with Try again, instead of
   * loading forever or "could not start". Once the page is ready (or its start failed), it asks
   * sw.js to check its cache against the build's list and fetch again what is missing or
   * damaged; the answer is window.manhattanOfflineCheck and html[data-offline-check="done"]. */
  var missingOffline = null;
  function showOffline(url) {
    if (isReady() || cannotRun || missingOffline) return;
    missingOffline = url;
    var lang = shellLanguage();
    var texts = SHELL_TEXTS[lang];
    html.setAttribute("data-offline-missing", url);
    html.setAttribute("lang", lang);
    html.classList.add("boot-failed"); // the shell CSS hides the loading state
    html.removeAttribute("data-kept-screen");
    if (keptNode && keptNode.parentNode) keptNode.parentNode.removeChild(keptNode);
    var failed = document.getElementById("boot-error");
    if (failed) failed.hidden = true;
    var box = document.getElementById("boot-offline");
    if (!box) return;
    box.querySelector("h2").textContent = texts["offline.title"];
    document.getElementById("boot-offline-reason").textContent = texts["offline.missing"];
    document.getElementById("boot-offline-saves").textContent = texts["unsupported.saves"];
    var retry = document.getElementById("boot-offline-retry");
    retry.textContent = texts["offline.retry"];
    retry.onclick = function () { location.reload(); };
    box.hidden = false;
    var loading = document.getElementById("loading");
    if (loading) loading.setAttribute("aria-busy", "false");
    // A file the game can start without (the stylesheet) would let it start under the
    // message, unstyled and unusable: the message and Try again are all the page shows.
    var app = document.getElementById("app");
    if (app) app.hidden = true;
  }

  var healAsked = false;
  function askHeal() {
    var worker = "serviceWorker" in navigator && navigator.serviceWorker.controller;
    if (healAsked || !worker) return;
    healAsked = true;
    html.setAttribute("data-offline-check", "checking");
    worker.postMessage("heal");
  }

  if ("serviceWorker" in navigator && !cannotRun) {
    navigator.serviceWorker.addEventListener("message", function (event) {
      var data = event.data || {};
      if (data.type === "manhattan:missing") showOffline(String(data.url));
      if (data.type === "manhattan:healed") {
        window.manhattanOfflineCheck = data;
        html.setAttribute("data-offline-check", "done");
      }
    });
    navigator.serviceWorker.startMessages();
  }

  window.manhattanUpdateWaiting = false;
  window.manhattanApplyUpdate = function () {
    location.reload();
  };

  function offerUpdate(reg) {
    // Only an update: the very first worker takes over without asking anybody.
    if (!reg.waiting || !navigator.serviceWorker.controller) return;
    window.manhattanUpdateWaiting = true;
    window.dispatchEvent(new Event("manhattan:update-ready"));
  }

  /* 4b. An open tab looks for a new version (issue 23.5): every UPDATE_CHECK_MS while it is
   * visible, and each time it becomes visible again. The browser fetches sw.js again (no
   * HTTP cache); a changed one installs and waits, and 4. offers it. Tests shorten the
   * period with window.manhattanUpdateCheckMs, set before this file runs. */
  var UPDATE_CHECK_MS = 5 * 60 * 1000;
  function watchForUpdates(reg) {
    function check() {
      if (document.visibilityState !== "visible" || navigator.onLine === false) return;
      reg.update().catch(function () { /* offline or the server unreachable: next time */ });
    }
    var every = Number(window.manhattanUpdateCheckMs) > 0 ? Number(window.manhattanUpdateCheckMs)
      : UPDATE_CHECK_MS;
    setInterval(check, every);
    document.addEventListener("visibilitychange", check);
  }

  var registered = false;
  function registerServiceWorker() {
    if (registered || cannotRun || !("serviceWorker" in navigator)) return;
    registered = true;
    navigator.serviceWorker.register("./sw.js").then(function (reg) {
      window.manhattanApplyUpdate = function () {
        var waiting = reg.waiting;
        if (!waiting) {
          location.reload();
          return;
        }
        navigator.serviceWorker.addEventListener("controllerchange", function () {
          location.reload();
        }, { once: true });
        waiting.postMessage("skip-waiting");
      };
      offerUpdate(reg);
      watchForUpdates(reg);
      reg.addEventListener("updatefound", function () {
        var worker = reg.installing;
        if (!worker) return;
        worker.addEventListener("statechange", function () {
          if (worker.state === "installed") offerUpdate(reg);
        });
      });
    }).catch(function (err) {
      // Offline reloads re-check sw.js and may fail: the old worker keeps serving.
      console.warn("Service worker registration failed:", err && err.message);
    });
  }
  function onReady() {
    registerServiceWorker();
    askHeal();
  }
  if (isReady()) onReady();
  new MutationObserver(function () {
    if (isReady()) onReady();
  }).observe(html, { attributes: true, attributeFilter: ["data-ready"] });
  window.addEventListener("py:all-done", registerServiceWorker);
})();
