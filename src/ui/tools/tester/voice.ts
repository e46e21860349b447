/**
 * Sounds a key press (tester config use_voice): the browser's speech synthesis says the key's name; where the
 * browser has none, a short Web Audio beep. A new press cuts the one still being spoken, so speech never lags behind.
 */

let audio: AudioContext | undefined;

function beep(): void {
  const Context = globalThis.AudioContext;
  if (!Context) return;
  audio ??= new Context();
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.frequency.value = 880;
  gain.gain.value = 0.08;
  osc.connect(gain).connect(audio.destination);
  osc.start();
  osc.stop(audio.currentTime + 0.04);
}

export function soundKey(name: string, lang: string): void {
  const synth = globalThis.speechSynthesis;
  if (synth && typeof globalThis.SpeechSynthesisUtterance === 'function') {
    synth.cancel();
    const utterance = new SpeechSynthesisUtterance(name);
    utterance.lang = lang;
    utterance.rate = 1.3;
    synth.speak(utterance);
    return;
  }
  beep();
}
