"use client";
import { useId, type ReactNode } from "react";
import "@/components/payments/payments.css";

/** The app's bottom-sheet dialog (backdrop closes it) with an icon and a title. */
export function VideoModal({
  icon,
  title,
  testId,
  onClose,
  children,
}: {
  icon: string;
  title: string;
  testId: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <div className="modal-backdrop" role="presentation" onClick={onClose}>
      <div
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
        onClick={(e) => e.stopPropagation()}
      >
        <div className="modal__icon" aria-hidden>
          {icon}
        </div>
        <h3 id={titleId} className="modal__title">
          {title}
        </h3>
        {children}
      </div>
    </div>
  );
}
