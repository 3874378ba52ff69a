import { useAtomValue } from "jotai";
import { siteAtom } from "../../features/preferences/atoms.ts";

export default function HomePage() {
  const site = useAtomValue(siteAtom);
  return (
    <main className="content">
      <h1>{site.site_name}</h1>
    </main>
  );
}
