/** How a seat id reads to a person: `corp` → `Corp`, `bene_gesserit` → `Bene Gesserit`. */
export function seatName(seat: string): string {
  return seat
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
