/** A closing-line value in percent with its sign: '+1.30%', '−0.85%'. */
export function formatClv(percentage: number): string {
  const rounded = Math.round(percentage * 100) / 100;
  return `${rounded < 0 ? "−" : "+"}${Math.abs(rounded).toFixed(2)}%`;
}
