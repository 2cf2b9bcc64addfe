// The host page hears the viewer's choice of period as a composed CustomEvent from the shadow root.
document.addEventListener('timefilterchange', (event) => {
  document.getElementById('log').textContent =
    `Vald period: ${event.detail.range}, uppdatering: ${event.detail.interval}`;
});
