/* global document, window, Chart */
// The company page's financial charts (src/web/pages/company-financials-section.tsx). The page embeds the figures
// as JSON in a script element that is never executed, so the CSP's default-src 'self' holds; this file, served from
// /assets/, draws them with Chart.js (served from /assets/vendor/). Each chart's table stays the text alternative,
// and without script the table is all that shows.
document.addEventListener('DOMContentLoaded', () => {
  const source = document.getElementById('financial-chart-data');
  if (!source || typeof Chart === 'undefined') return;
  const { charts } = JSON.parse(source.textContent);
  const filedColour = '#0b57d0';
  const comparativeFill = hatching(filedColour);
  const pounds = new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency: 'GBP',
    maximumFractionDigits: 0,
  });
  const compactPounds = new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency: 'GBP',
    notation: 'compact',
    maximumFractionDigits: 1,
  });

  for (const chart of charts) {
    const canvas = document.querySelector(`canvas[data-measure="${chart.measure}"]`);
    if (!canvas) continue;
    const box = canvas.parentElement;
    box.hidden = false;
    const filed = chart.points.map((point) => point.origin === 'filed');
    const instance = new Chart(canvas, {
      type: 'bar',
      data: {
        labels: chart.points.map((point) => point.period_end),
        datasets: [
          {
            label: chart.label,
            data: chart.points.map((point) => point.value),
            // Filed years solid, comparative years hatched with an outline: told apart without colour alone.
            backgroundColor: filed.map((isFiled) => (isFiled ? filedColour : comparativeFill)),
            borderColor: filedColour,
            borderWidth: filed.map((isFiled) => (isFiled ? 0 : 2)),
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: {
          legend: { display: false },
          tooltip: {
            callbacks: {
              label: (item) => {
                const point = chart.points[item.dataIndex];
                const origin = point.origin === 'filed' ? 'filed' : 'comparative';
                return point.value === null ? 'not stated' : `${pounds.format(point.value)} (${origin})`;
              },
            },
          },
        },
        scales: {
          x: { ticks: { maxRotation: 0, autoSkip: true } },
          y: { ticks: { callback: (value) => compactPounds.format(value) } },
        },
      },
    });
    canvas.dataset.drawn = String(instance.id);
  }
});

/** Diagonal stripes of the colour on white: the fill of a comparative year's bar. */
function hatching(colour) {
  const tile = document.createElement('canvas');
  const size = 8 * (window.devicePixelRatio || 1);
  tile.width = size;
  tile.height = size;
  const context = tile.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size, size);
  context.strokeStyle = colour;
  context.lineWidth = size / 4;
  context.beginPath();
  context.moveTo(0, size);
  context.lineTo(size, 0);
  context.moveTo(-size / 2, size / 2);
  context.lineTo(size / 2, -size / 2);
  context.moveTo(size / 2, size * 1.5);
  context.lineTo(size * 1.5, size / 2);
  context.stroke();
  return context.createPattern(tile, 'repeat');
}
