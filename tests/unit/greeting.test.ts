import assert from "node:assert/strict";
import { test } from "node:test";
import type { Person } from "@/lib/register/tenancies/person";
import { addressNames, greeting, greetingName, naturalOrder, salutationOf } from "@/lib/handoffs/texts/greeting";

/** The greeting of mails and letters (lib/handoffs/texts/greeting.ts), issue #34: never "Nachname, Vorname". */

const person = (p: Partial<Person>): Person => ({
  name: "",
  salutation: null,
  firstName: null,
  lastName: null,
  company: null,
  ...p,
});

test("salutation and last name: 'Guten Tag Frau Müller,'; 'Herrn' is greeted 'Herr', a title kept", () => {
  const erika = person({ name: "Erika Müller", salutation: "Frau", firstName: "Erika", lastName: "Müller" });
  assert.equal(greeting(erika), "Guten Tag Frau Müller,");
  assert.equal(greetingName(erika), "Frau Müller");
  assert.equal(greeting(person({ name: "Hans Weiß", salutation: "Herrn", lastName: "Weiß" })), "Guten Tag Herr Weiß,");
  assert.equal(greeting(person({ salutation: "  herr  dr. ", lastName: "Groß" })), "Guten Tag Herr Dr. Groß,");
  assert.equal(greeting(person({ salutation: "Familie", lastName: "Öztürk" })), "Guten Tag Familie Öztürk,");
  assert.equal(salutationOf("HERRN"), "Herr");
  assert.equal(salutationOf("Frau Prof. Dr."), "Frau Prof. Dr.");
});

test("no salutation, or one that names no one ('Divers', 'Firma'): the full name in its natural order", () => {
  const parts = person({ name: "Hans-Jürgen Müller", firstName: "Hans-Jürgen", lastName: "Müller" });
  assert.equal(greeting(parts), "Guten Tag Hans-Jürgen Müller,");
  assert.equal(greeting({ ...parts, salutation: "Divers" }), "Guten Tag Hans-Jürgen Müller,");
  assert.equal(greeting({ ...parts, salutation: "keine Angabe" }), "Guten Tag Hans-Jürgen Müller,");
  // A salutation without a last name cannot be used: the name alone.
  assert.equal(greeting(person({ name: "Alex Kim", salutation: "Frau" })), "Guten Tag Alex Kim,");
});

test("a name in 'Nachname, Vorname' order is greeted in its natural order; never with the comma", () => {
  assert.equal(greeting(person({ name: "Müller, Hans-Jürgen" })), "Guten Tag Hans-Jürgen Müller,");
  assert.equal(greeting(person({ name: " von  Bülow ,  Anna " })), "Guten Tag Anna von Bülow,");
  assert.equal(naturalOrder("Müller, Hans, Dr."), "Müller, Hans, Dr.", "more than one comma: left as written");
  assert.equal(naturalOrder("Meier & Söhne, Bau"), "Meier & Söhne, Bau", "a company's comma stays");
  for (const name of ["Müller, Hans-Jürgen", "Weiß, Erika"])
    assert.doesNotMatch(greeting(person({ name })), /,.*,/, `${name}: one comma, the greeting's own`);
});

test("a company alone: 'Sehr geehrte Damen und Herren,'; nothing known: a neutral 'Guten Tag,'", () => {
  assert.equal(greeting(person({ name: "Muster GmbH", company: "Muster GmbH" })), "Sehr geehrte Damen und Herren,");
  assert.equal(greeting(person({ name: "Wohnbau eG" })), "Sehr geehrte Damen und Herren,");
  assert.equal(greetingName(person({ name: "Wohnbau eG" })), null);
  // A person at a company is greeted as the person.
  const at = person({ name: "Muster GmbH", company: "Muster GmbH", salutation: "Frau", lastName: "Weiß" });
  assert.equal(greeting(at), "Guten Tag Frau Weiß,");
  assert.equal(greeting(person({})), "Guten Tag,");
  assert.equal(greeting(person({ name: "   " })), "Guten Tag,");
  // Legal forms are words of their own: "Seß" is no "SE".
  assert.equal(greeting(person({ name: "Björn Seß" })), "Guten Tag Björn Seß,");
});

test("the address window names the company, then the person, each once; the name in natural order", () => {
  assert.deepEqual(addressNames(person({ name: "Müller, Hans" })), ["Hans Müller"]);
  assert.deepEqual(
    addressNames(person({ name: "Hans Weiß", salutation: "Herr", firstName: "Hans", lastName: "Weiß" })),
    ["Herrn Hans Weiß"],
  );
  assert.deepEqual(
    addressNames(person({ name: "Muster GmbH", company: "Muster GmbH", firstName: "Erika", lastName: "Weiß" })),
    ["Muster GmbH", "Erika Weiß"],
  );
  assert.deepEqual(addressNames(person({ name: "Muster GmbH", company: "Muster GmbH" })), ["Muster GmbH"]);
});
