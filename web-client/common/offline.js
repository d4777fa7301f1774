// Registers the offline worker (offline_worker.js), which keeps the client's files so that a
// game against the computer and the analysis board work with the network off. A browser without
// service workers, or one that refuses this one, simply stays online-only.

export function registerOfflineWorker() {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/offline_worker.js').catch(() => {});
}
