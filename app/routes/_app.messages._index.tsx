import { DM_MESSAGES } from "~/lib/texts/dm";
import { Icon } from "~/components/icon";

/** No conversation open: the chat pane's placeholder (wide screens; a phone shows the list alone). */
export default function SelectAMessage() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center text-muted">
      <Icon name="mail" className="size-10" />
      <h2 className="text-xl font-bold text-fg">{DM_MESSAGES.selectOne}</h2>
    </div>
  );
}
