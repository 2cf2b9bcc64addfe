// The host page hears the viewer's choice of period as a composed CustomEvent from the shadow root; its
// detail carries the slugs and their Swedish labels.
document.addEventListener('timefilterchange', (event) => {
  document.getElementById('log').textContent =
    `Vald period: ${event.detail.range_label}, uppdatering: ${event.detail.interval_label.toLowerCase()}`;
});
