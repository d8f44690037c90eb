/**
 * What can take the keyboard from an item leaving its list (a card, a comment), in order: the items
 * after it, then those before it, nearest first (decision 086). The caller focuses the first still in
 * the page once the item is gone.
 */
export function successorsOf(item: Element | null | undefined): Element[] {
  const after: Element[] = [];
  const before: Element[] = [];
  for (let next = item?.nextElementSibling; next; next = next.nextElementSibling) after.push(next);
  for (let previous = item?.previousElementSibling; previous; previous = previous.previousElementSibling) before.push(previous);
  return [...after, ...before];
}
