import type { ButtonHTMLAttributes } from "react";

const variants = {
  primary: "bg-blue-700 text-white hover:bg-blue-800 disabled:bg-blue-400",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 disabled:text-slate-400",
  danger: "border border-red-300 bg-white text-red-700 hover:bg-red-50 disabled:text-red-300",
} as const;

/** A button's look, also for what acts as one without being a button (a file input's label). */
export const buttonClass = (variant: keyof typeof variants = "primary") =>
  `rounded px-3 py-2 text-sm font-medium disabled:cursor-not-allowed ${variants[variant]}`;

export function Button({
  variant = "primary",
  className = "",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: keyof typeof variants }) {
  return <button {...props} className={`${buttonClass(variant)} ${className}`} />;
}
