import { useState } from "react";
import { IconUser } from "../../components/icons.tsx";

/** The user's picture, or a neutral figure when there is none (or it fails to load). */
export function Avatar({ src, size = 56 }: { src: string | undefined; size?: number }) {
  const [broken, setBroken] = useState<string | null>(null);
  const style = { width: size, height: size };
  if (!src || broken === src) {
    return (
      <span className="avatar avatar-empty" style={style} aria-hidden="true">
        <IconUser size={Math.round(size * 0.55)} />
      </span>
    );
  }
  return <img className="avatar" style={style} src={src} alt="" onError={() => setBroken(src)} />;
}
