import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';

// Only what the insights' bar charts draw, so the chunk carries no other chart types.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export { Chart };
