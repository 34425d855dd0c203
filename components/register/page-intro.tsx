/** The title and the sentence under it of the register's pages (the register, the admin's residents). */
export function PageIntro(props: { title: string; intro: string }) {
  return (
    <div>
      <h1 id="page-title" className="text-xl font-semibold">
        {props.title}
      </h1>
      <p className="mt-1 max-w-prose text-sm text-slate-700">{props.intro}</p>
    </div>
  );
}
