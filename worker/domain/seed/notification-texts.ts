import { p } from "./site.ts";

/**
 * Translations of the seeded welcome announcement (notification 1, written in English), one row per language in
 * notification_texts: the message centre shows the reader's language where a row exists.
 */
export const SEED_NOTIFICATION_TEXTS: { notificationId: number; lang: string; title: string; content: string }[] = [
  {
    notificationId: 1,
    lang: "zh",
    title: "欢迎来到 Edge Exchange",
    content: p(
      "手续费、比例和限额都会在您确认前显示，每一笔余额变动都会出现在您的资产记录中。",
      "有疑问？在 App 中打开“在线客服”。我们绝不会向您索要密码或验证码。",
    ),
  },
  {
    notificationId: 1,
    lang: "hk",
    title: "歡迎來到 Edge Exchange",
    content: p(
      "手續費、比例和限額都會在您確認前顯示，每一筆餘額變動都會出現在您的資產紀錄中。",
      "有疑問？在 App 中開啟「線上客服」。我們絕不會向您索取密碼或驗證碼。",
    ),
  },
  {
    notificationId: 1,
    lang: "th",
    title: "ยินดีต้อนรับสู่ Edge Exchange",
    content: p(
      "ค่าธรรมเนียม อัตรา และวงเงินจะแสดงก่อนที่คุณยืนยัน และทุกการเปลี่ยนแปลงยอดเงินจะปรากฏในประวัติสินทรัพย์ของคุณ",
      "มีคำถาม? เปิดฝ่ายบริการลูกค้าในแอป เราจะไม่ขอรหัสผ่านหรือรหัสยืนยันของคุณ",
    ),
  },
  {
    notificationId: 1,
    lang: "jp",
    title: "Edge Exchange へようこそ",
    content: p(
      "手数料、比率、上限は確認前に表示され、残高の変動はすべて資産履歴に記録されます。",
      "ご質問はアプリのカスタマーサービスへ。当社がパスワードや認証コードを尋ねることはありません。",
    ),
  },
  {
    notificationId: 1,
    lang: "kor",
    title: "Edge Exchange에 오신 것을 환영합니다",
    content: p(
      "수수료, 비율, 한도는 확인 전에 표시되며 모든 잔액 변동은 자산 기록에 나타납니다.",
      "궁금한 점이 있으면 앱에서 고객센터를 여세요. 당사는 비밀번호나 인증 코드를 절대 묻지 않습니다.",
    ),
  },
  {
    notificationId: 1,
    lang: "fra",
    title: "Bienvenue sur Edge Exchange",
    content: p(
      "Les frais, ratios et limites s'affichent avant que vous confirmiez, et chaque variation de votre solde apparaît dans vos " +
        "relevés d'actifs.",
      "Une question ? Ouvrez Service client dans l'application. Nous ne vous demanderons jamais votre mot de passe ni vos codes " +
        "de vérification.",
    ),
  },
  {
    notificationId: 1,
    lang: "spa",
    title: "Bienvenido a Edge Exchange",
    content: p(
      "Las comisiones, proporciones y límites se muestran antes de confirmar, y cada cambio de su saldo aparece en sus registros " +
        "de activos.",
      "¿Dudas? Abra Atención al cliente en la aplicación. Nunca le pediremos su contraseña ni sus códigos de verificación.",
    ),
  },
  {
    notificationId: 1,
    lang: "vn",
    title: "Chào mừng đến với Edge Exchange",
    content: p(
      "Phí, tỷ lệ và hạn mức được hiển thị trước khi bạn xác nhận, và mọi thay đổi số dư đều có trong lịch sử tài sản của bạn.",
      "Có thắc mắc? Mở Chăm sóc khách hàng trong ứng dụng. Chúng tôi không bao giờ hỏi mật khẩu hay mã xác minh của bạn.",
    ),
  },
];
