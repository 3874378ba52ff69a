import { BankCardScreen } from "./BankCardPage.tsx";

export default function BankInternationalPage() {
  return <BankCardScreen kind="international" />;
}
