/** A coin's logo, or its initial on a tinted disc when it has none. */
export function CoinAvatar({ name, logo, size = 32 }: { name: string; logo?: string | null; size?: number }) {
  if (logo) return <img className="coin-avatar" src={logo} alt="" width={size} height={size} loading="lazy" />;
  let hue = 0;
  for (const ch of name) hue = (hue * 31 + ch.charCodeAt(0)) % 360;
  return (
    <span
      className="coin-avatar coin-avatar-text"
      style={{ width: size, height: size, fontSize: size * 0.42, background: `hsl(${hue} 55% 45%)` }}
      aria-hidden="true"
    >
      {name.slice(0, 1)}
    </span>
  );
}
