// The room's HTTP API (see homegame.room.app) and what the browser keeps of it: a seat's token per
// table, so a reload or a dropped connection keeps the seat, and a table owner's token; a club's
// member key and its host's owner token (club.js).

export class ApiError extends Error {
  /** ``field``: the field of the request the room refused, where it names one ("seats", "stakes.ante"). */
  constructor(status, message, field = null) {
    super(message);
    this.status = status;
    this.field = field;
  }
}

/** Call the API: ``body`` is sent as JSON, ``token`` as a bearer token; the JSON answer, or ApiError. */
export async function call(path, { method = "GET", body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (error) {
    throw new ApiError(0, "the room cannot be reached: check the connection");
  }
  let data = null;
  try {
    data = await response.json();
  } catch (error) {
    data = null;
  }
  if (!response.ok) {
    throw new ApiError(response.status, (data && data.error) || `the room answered ${response.status}`, (data && data.field) || null);
  }
  return data;
}

function read(key) {
  try {
    return JSON.parse(localStorage.getItem(key) || "null");
  } catch (error) {
    return null;
  }
}

function write(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch (error) {
    // private browsing: the seat lasts as long as the page
  }
}

export const store = {
  seat: (table) => read(`homegame.seat.${table}`),
  keepSeat: (table, seat) => write(`homegame.seat.${table}`, seat),
  owner: (table) => read(`homegame.owner.${table}`),
  keepOwner: (table, token) => write(`homegame.owner.${table}`, token),
  name: () => read("homegame.name") || "",
  keepName: (name) => write("homegame.name", name),
  option: (name, fallback) => {
    const value = read(`homegame.option.${name}`);
    return value === null ? fallback : value;
  },
  keepOption: (name, value) => write(`homegame.option.${name}`, value),
  member: (club) => read(`homegame.member.${club}`),
  keepMember: (club, member) => write(`homegame.member.${club}`, member),
  clubOwner: (club) => read(`homegame.club-owner.${club}`),
  keepClubOwner: (club, token) => write(`homegame.club-owner.${club}`, token),
  /** Every club membership this browser keeps: [{key, id, name, club}]. */
  memberships: () => {
    try {
      return Object.keys(localStorage).filter((key) => key.startsWith("homegame.member."))
        .map((key) => read(key)).filter((member) => member && member.key);
    } catch (error) {
      return [];
    }
  },
};
