// Telling a player it is their turn when they may not be looking: the tab's title always says so; a
// short chime (off until the player turns it on) and, while the tab is hidden, a notification (where
// the browser allows one) are the player's options, kept in this browser.

import { store } from "./api.js";
import { h } from "./dom.js";

let audio = null;

/** A short rising chime, made by the page (no sound file); false where the browser has no audio. */
function chime() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return false;
  audio = audio || new Context();
  if (audio.state === "suspended") audio.resume();
  const start = audio.currentTime;
  const tone = audio.createOscillator();
  const volume = audio.createGain();
  tone.type = "sine";
  tone.frequency.setValueAtTime(660, start);
  tone.frequency.setValueAtTime(880, start + 0.12);
  volume.gain.setValueAtTime(0.0001, start);
  volume.gain.exponentialRampToValueAtTime(0.25, start + 0.02);
  volume.gain.exponentialRampToValueAtTime(0.0001, start + 0.35);
  tone.connect(volume).connect(audio.destination);
  tone.start(start);
  tone.stop(start + 0.4);
  return true;
}

function noticesAllowed() {
  return "Notification" in window && Notification.permission === "granted";
}

/** It has become the reader's turn at ``tableName`` (``what``: the decision, in words). */
export function alertTurn(tableId, tableName, what) {
  if (store.option("turnSound", false)) chime();
  if (document.hidden && store.option("turnNotice", false) && noticesAllowed()) {
    const notice = new Notification(`Your turn · ${tableName}`, { body: what, tag: `homegame-${tableId}` });
    notice.onclick = () => {
      window.focus();
      notice.close();
    };
  }
}

/** The Options panel's part: the chime and the notification, each a checkbox. */
export function alertOptions() {
  const status = h("span", { class: "note", role: "status" });
  const sound = h("input", { type: "checkbox", id: "turn-sound", checked: store.option("turnSound", false) ? true : null,
                             onchange: (event) => {
                               store.keepOption("turnSound", event.target.checked);
                               if (event.target.checked && !chime()) status.textContent = "This browser plays no sound.";
                             } });
  const notice = h("input", { type: "checkbox", id: "turn-notice", checked: store.option("turnNotice", false) && noticesAllowed() ? true : null,
                              onchange: async (event) => {
                                const wanted = event.target.checked;
                                if (wanted && !("Notification" in window)) {
                                  status.textContent = "This browser shows no notifications.";
                                  event.target.checked = false;
                                  return;
                                }
                                const allowed = !wanted || (await Notification.requestPermission()) === "granted";
                                if (!allowed) status.textContent = "The browser did not allow notifications for this page.";
                                event.target.checked = wanted && allowed;
                                store.keepOption("turnNotice", wanted && allowed);
                              } });
  return [h("h3", {}, "At your turn"),
          h("div", { class: "alert-options" },
            h("span", { class: "note" }, "The tab's title says \u201cYour turn\u201d."),
            h("label", { class: "inline" }, sound, " Play a short sound"),
            h("label", { class: "inline" }, notice, " Show a notification while this tab is hidden"),
            status)];
}
