import type { ReactNode } from "react";
import { Link } from "react-router";
import { IconChevron } from "../../components/icons.tsx";

/** A settings list row that opens a page: the label, then what it is set to (if anything) and a chevron. */
export function LinkRow({
  to,
  label,
  testId,
  valueClass,
  children,
}: {
  to: string;
  label: string;
  testId?: string;
  valueClass?: string;
  children?: ReactNode;
}) {
  return (
    <li>
      <Link to={to} className="list-item" data-testid={testId}>
        <span>{label}</span>
        <span className={valueClass ? `value ${valueClass}` : "value"}>
          {children}
          <IconChevron />
        </span>
      </Link>
    </li>
  );
}
