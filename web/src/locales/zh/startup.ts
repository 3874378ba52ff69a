// The text areas every page may need, loaded with the language as one chunk (one request); the rest are in LAZY_AREAS.
// tests/unit/locales.test.ts checks this list is exactly the areas that are not lazy.
import auth from "./auth.json";
import common from "./common.json";
import home from "./home.json";
import market from "./market.json";
import trade from "./trade.json";

export default { ...auth, ...common, ...home, ...market, ...trade };
