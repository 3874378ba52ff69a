import { MAX_UPLOAD_BYTES, UPLOAD_TYPES } from "../../../../schema/api/files.ts";
import { post, type RequestOptions } from "../../lib/api.ts";

/** Profile edits (POST /user/editNickname, /user/editSignature, /upload + /user/uploadHeadPortrait). */
export const editNickname = (nickname: string, options?: RequestOptions) => post<string>("/user/editNickname", { nickname }, options);
export const editSignature = (signature: string, options?: RequestOptions) => post<string>("/user/editSignature", { signature }, options);

/** Why a picked file cannot be an avatar, checked before uploading. */
export function avatarFileProblem(file: File): "UPLOAD_NOT_IMAGE" | "UPLOAD_TOO_LARGE" | null {
  if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) return "UPLOAD_NOT_IMAGE";
  if (file.size > MAX_UPLOAD_BYTES) return "UPLOAD_TOO_LARGE";
  return null;
}

/** Uploads the image (public), then makes it the avatar. Answers the server's sentence. */
export async function uploadAvatar(file: File, options?: RequestOptions): Promise<string> {
  const form = new FormData();
  form.set("file", file);
  const url = await post<string>("/upload", form, options);
  return post<string>("/user/uploadHeadPortrait", { head_portrait: url }, options);
}

export const MAX_AVATAR_MB = MAX_UPLOAD_BYTES / 1024 / 1024;
/** The file picker's `accept`: the types /upload takes. */
export const AVATAR_ACCEPT = UPLOAD_TYPES.join(",");
