import { ARTICLE_CATEGORY } from "../../../schema/api/content.ts";
import { p, qa, type SeedArticle } from "./site.ts";

/** Demo single pages: FAQ (c_id 18), contact us (33), about us (34), operational compliance (35), in all nine languages. */

const FAQ: SeedArticle = {
  id: 31,
  categoryId: ARTICLE_CATEGORY.faq,
  ageDays: 30,
  texts: {
    en: {
      title: "Frequently asked questions",
      content: qa(
        ["How do I open an account?", "Register with your email address or mobile number. We send a 6-digit code to confirm it is yours."],
        [
          "Why should I verify my identity?",
          "Verification protects your account and sets your limits. Lv1 (basic): withdrawals up to 200 BTC per 24 hours and fiat " +
            "trades up to 2,000 USDT per order. Lv2 (advanced): 500 BTC per 24 hours and 1,000,000 USDT per order.",
        ],
        [
          "What fees do you charge?",
          "Every fee is shown on the page where it applies before you confirm. Transfers between your own accounts are free. See the " +
            'news post "Our fee schedule is public".',
        ],
        [
          "How are prices and results decided?",
          "Only by market prices and the published rules of each product. No one can change the result of a particular account's order.",
        ],
        [
          "How long does a deposit take?",
          "Operators review deposits that come with a payment voucher; we aim to credit them within 24 hours.",
        ],
        [
          "How long does a withdrawal take?",
          "The amount is held while an operator reviews the request, then it is sent, or released back to you with a reason. You can " +
            "follow it in your withdrawal records.",
        ],
        [
          "What are the different accounts?",
          "Your assets are kept in two accounts: Exchange, for spot trading and conversion, and Fiat. Move funds between them " +
            "with a transfer.",
        ],
        [
          "I forgot my password. What can I do?",
          'Tap "Forgot password" on the log-in page and confirm with the code sent to your email or mobile.',
        ],
      ),
    },
    zh: {
      title: "常见问题",
      content: qa(
        ["如何开户？", "使用邮箱或手机号注册。我们会发送 6 位验证码，确认是您本人。"],
        [
          "为什么要进行身份认证？",
          "认证可以保护您的账户，并决定您的限额。Lv1（初级）：每 24 小时提现最多 200 BTC，法币交易每笔最多 2,000 USDT。Lv2（高级）：每 24 小时最多 500 BTC，每笔最多 1,000,000 USDT。",
        ],
        ["你们收取哪些费用？", "每一项费用都会在您确认前展示在适用的页面上。您自己账户之间的划转免费。详见公告《手续费标准公开透明》。"],
        ["价格和结果如何决定？", "只由市场价格和各产品公布的规则决定。任何人都无法改变某个账户订单的结果。"],
        ["充值需要多久？", "附有付款凭证的充值由运营人员审核，我们力争在 24 小时内入账。"],
        ["提现需要多久？", "运营人员审核期间，提现金额处于冻结状态，审核后发出，或连同原因退回给您。您可以在提现记录中查看进度。"],
        ["有哪些不同的账户？", "您的资产分别存放在两个账户中：用于现货交易和闪兑的币币账户，以及法币账户。可通过划转在两者之间调动资金。"],
        ["忘记密码怎么办？", "在登录页点击“忘记密码”，用发送到您邮箱或手机的验证码确认即可重置。"],
      ),
    },
    hk: {
      title: "常見問題",
      content: qa(
        ["如何開戶？", "使用電郵地址或手機號碼註冊。我們會發送 6 位驗證碼，確認是您本人。"],
        [
          "為甚麼要進行身份認證？",
          "認證可保護您的帳戶，並決定您的限額。Lv1（初級）：每 24 小時提現最多 200 BTC，法幣交易每張訂單最多 2,000 USDT。Lv2（高級）：每 24 小時最多 500 BTC，每張訂單最多 1,000,000 USDT。",
        ],
        ["你們收取哪些費用？", "每一項費用都會在您確認前於適用的頁面顯示。您自己帳戶之間的劃轉免費。詳見公告《手續費標準公開透明》。"],
        ["價格和結果如何決定？", "只由市場價格及各產品公佈的規則決定。任何人都無法改變個別帳戶訂單的結果。"],
        ["充值需要多久？", "附付款憑證的充值由營運人員審核，我們力求在 24 小時內入帳。"],
        ["提現需要多久？", "營運人員審核期間，提現金額會被凍結，審核後會發出，或連同原因退回給您。您可在提現紀錄中查看進度。"],
        ["有哪些不同的帳戶？", "您的資產分別存放在兩個帳戶：用於現貨交易及閃兌的幣幣帳戶，以及法幣帳戶。可透過劃轉在兩者之間調動資金。"],
        ["忘記密碼怎麼辦？", "在登入頁按「忘記密碼」，以發送到您電郵或手機的驗證碼確認即可重設。"],
      ),
    },
    th: {
      title: "คำถามที่พบบ่อย",
      content: qa(
        ["จะเปิดบัญชีได้อย่างไร?", "ลงทะเบียนด้วยอีเมลหรือหมายเลขโทรศัพท์มือถือ เราจะส่งรหัส 6 หลักเพื่อยืนยันว่าเป็นของคุณ"],
        [
          "ทำไมต้องยืนยันตัวตน?",
          "การยืนยันตัวตนช่วยปกป้องบัญชีและกำหนดวงเงินของคุณ Lv1 (พื้นฐาน): ถอนได้สูงสุด 200 BTC ต่อ 24 ชั่วโมง " +
            "และซื้อขายเงินเฟียตได้สูงสุด 2,000 USDT ต่อคำสั่ง Lv2 (ขั้นสูง): 500 BTC ต่อ 24 ชั่วโมง และ 1,000,000 USDT ต่อคำสั่ง",
        ],
        [
          "มีค่าธรรมเนียมอะไรบ้าง?",
          "ค่าธรรมเนียมทุกรายการแสดงบนหน้าที่เกี่ยวข้องก่อนที่คุณจะยืนยัน การโอนระหว่างบัญชีของคุณเองไม่มีค่าธรรมเนียม ดูรายละเอียดในข่าว " +
            '"ตารางค่าธรรมเนียมของเราเปิดเผยต่อสาธารณะ"',
        ],
        ["ราคาและผลลัพธ์ตัดสินอย่างไร?", "ตัดสินจากราคาตลาดและกฎที่ประกาศของแต่ละผลิตภัณฑ์เท่านั้น ไม่มีใครสามารถเปลี่ยนผลลัพธ์ของคำสั่งของบัญชีใดบัญชีหนึ่งได้"],
        ["การฝากใช้เวลานานเท่าไร?", "ผู้ดูแลระบบจะตรวจสอบรายการฝากที่มีหลักฐานการชำระเงิน เราตั้งเป้าเติมเงินเข้าบัญชีภายใน 24 ชั่วโมง"],
        [
          "การถอนใช้เวลานานเท่าไร?",
          "จำนวนเงินจะถูกพักไว้ระหว่างที่ผู้ดูแลระบบตรวจสอบคำขอ จากนั้นจะถูกส่งออก หรือคืนให้คุณพร้อมเหตุผล คุณติดตามสถานะได้ในประวัติการถอน",
        ],
        [
          "บัญชีแต่ละประเภทต่างกันอย่างไร?",
          "สินทรัพย์ของคุณแยกเก็บในสองบัญชี: บัญชีแลกเปลี่ยนสำหรับการซื้อขายสปอตและการแปลงเหรียญ และบัญชีเงินเฟียต ย้ายเงินระหว่างบัญชีได้ด้วยการโอน",
        ],
        ["ลืมรหัสผ่านต้องทำอย่างไร?", 'แตะ "ลืมรหัสผ่าน" ที่หน้าเข้าสู่ระบบ แล้วยืนยันด้วยรหัสที่ส่งไปยังอีเมลหรือโทรศัพท์มือถือของคุณ'],
      ),
    },
    jp: {
      title: "よくある質問",
      content: qa(
        ["口座を開設するには？", "メールアドレスまたは携帯電話番号で登録してください。ご本人確認のため6桁のコードをお送りします。"],
        [
          "本人確認が必要なのはなぜですか？",
          "本人確認は口座を守り、利用上限を決めるものです。Lv1（基本）：24時間あたり最大200 BTCの出金、法定通貨取引は1注文あたり最大2,000 USDT。Lv2（上級）：24時間あたり500 BTC、1注文あたり1,000,000 USDT。",
        ],
        [
          "どんな手数料がかかりますか？",
          "すべての手数料は、確定前に該当ページに表示されます。ご自身の口座間の振替は無料です。詳しくはお知らせ「手数料体系を公開しています」をご覧ください。",
        ],
        [
          "価格や結果はどのように決まりますか？",
          "市場価格と各商品の公表ルールだけで決まります。特定の口座の注文結果を誰かが変更することはできません。",
        ],
        ["入金にはどのくらいかかりますか？", "支払証明付きの入金は運営スタッフが審査し、24時間以内の反映を目指しています。"],
        [
          "出金にはどのくらいかかりますか？",
          "運営スタッフが審査する間、金額は拘束されます。その後送金されるか、理由とともに返還されます。進捗は出金履歴で確認できます。",
        ],
        [
          "口座の種類にはどんな違いがありますか？",
          "資産は 2 つの口座で管理されます：現物取引とコイン両替に使う取引口座と、法定通貨口座です。口座間の資金移動は振替で行います。",
        ],
        [
          "パスワードを忘れた場合は？",
          "ログイン画面の「パスワードを忘れた」から、メールまたは携帯電話に届くコードで確認して再設定してください。",
        ],
      ),
    },
    kor: {
      title: "자주 묻는 질문",
      content: qa(
        ["계정은 어떻게 만드나요?", "이메일 주소나 휴대폰 번호로 가입하세요. 본인 확인을 위해 6자리 코드를 보내 드립니다."],
        [
          "왜 본인 인증을 해야 하나요?",
          "인증은 계정을 보호하고 한도를 정합니다. Lv1(기본): 24시간당 최대 200 BTC 출금, 법정화폐 거래는 주문당 최대 2,000 USDT. Lv2(고급): 24시간당 500 BTC, 주문당 1,000,000 USDT.",
        ],
        [
          "어떤 수수료가 있나요?",
          "모든 수수료는 확인 전에 해당 페이지에 표시됩니다. 본인 계정 간 이체는 무료입니다. 자세한 내용은 공지 「수수료 체계를 공개합니다」를 참고하세요.",
        ],
        [
          "가격과 결과는 어떻게 결정되나요?",
          "시장 가격과 각 상품의 공시된 규칙으로만 결정됩니다. 누구도 특정 계정의 주문 결과를 바꿀 수 없습니다.",
        ],
        ["입금은 얼마나 걸리나요?", "결제 증빙이 있는 입금은 운영자가 심사하며, 24시간 이내 반영을 목표로 합니다."],
        [
          "출금은 얼마나 걸리나요?",
          "운영자가 심사하는 동안 금액은 동결되며, 이후 송금되거나 사유와 함께 돌려드립니다. 진행 상황은 출금 내역에서 확인할 수 있습니다.",
        ],
        [
          "계정 종류는 어떻게 다른가요?",
          "자산은 두 계정에 나누어 보관됩니다: 현물 거래와 코인 전환에 쓰는 거래 계정, 그리고 법정화폐 계정입니다. 계정 간 자금 이동은 이체로 합니다.",
        ],
        ["비밀번호를 잊어버렸어요.", "로그인 화면에서 '비밀번호 찾기'를 누르고 이메일이나 휴대폰으로 받은 코드로 확인한 뒤 재설정하세요."],
      ),
    },
    fra: {
      title: "Questions fréquentes",
      content: qa(
        [
          "Comment ouvrir un compte ?",
          "Inscrivez-vous avec votre adresse e-mail ou votre numéro de mobile. Nous vous envoyons un code à 6 chiffres pour " +
            "confirmer qu'il vous appartient.",
        ],
        [
          "Pourquoi vérifier mon identité ?",
          "La vérification protège votre compte et fixe vos limites. Lv1 (de base) : retraits jusqu'à 200 BTC par 24 heures et " +
            "transactions en monnaie fiduciaire jusqu'à 2 000 USDT par ordre. Lv2 (avancé) : 500 BTC par 24 heures et 1 000 000 USDT " +
            "par ordre.",
        ],
        [
          "Quels frais facturez-vous ?",
          "Tous les frais sont affichés sur la page concernée avant votre confirmation. Les transferts entre vos propres comptes " +
            "sont gratuits. Voir l'actualité « Notre grille tarifaire est publique ».",
        ],
        [
          "Comment les prix et les résultats sont-ils déterminés ?",
          "Uniquement par les prix du marché et les règles publiées de chaque produit. Personne ne peut modifier le résultat de " +
            "l'ordre d'un compte en particulier.",
        ],
        [
          "Combien de temps prend un dépôt ?",
          "Les opérateurs vérifient les dépôts accompagnés d'un justificatif de paiement ; nous visons un crédit sous 24 heures.",
        ],
        [
          "Combien de temps prend un retrait ?",
          "Le montant est réservé pendant qu'un opérateur examine la demande, puis il est envoyé, ou vous est restitué avec un " +
            "motif. Suivez-le dans votre historique de retraits.",
        ],
        [
          "Quels sont les différents comptes ?",
          "Vos actifs sont répartis sur deux comptes : le compte d'échange, pour le spot et la conversion, et le compte fiat. " +
            "Passez de l'un à l'autre par un transfert.",
        ],
        [
          "J'ai oublié mon mot de passe. Que faire ?",
          "Touchez « Mot de passe oublié » sur la page de connexion et confirmez avec le code envoyé à votre e-mail ou à votre mobile.",
        ],
      ),
    },
    spa: {
      title: "Preguntas frecuentes",
      content: qa(
        [
          "¿Cómo abro una cuenta?",
          "Regístrese con su correo electrónico o su número de móvil. Le enviamos un código de 6 dígitos para confirmar que es suyo.",
        ],
        [
          "¿Por qué debo verificar mi identidad?",
          "La verificación protege su cuenta y fija sus límites. Lv1 (básica): retiros de hasta 200 BTC cada 24 horas y operaciones " +
            "fiat de hasta 2.000 USDT por orden. Lv2 (avanzada): 500 BTC cada 24 horas y 1.000.000 USDT por orden.",
        ],
        [
          "¿Qué comisiones cobran?",
          "Cada comisión se muestra en la página donde se aplica antes de confirmar. Las transferencias entre sus propias cuentas " +
            "son gratuitas. Consulte la noticia «Nuestras comisiones son públicas».",
        ],
        [
          "¿Cómo se deciden los precios y los resultados?",
          "Solo por los precios de mercado y las reglas publicadas de cada producto. Nadie puede cambiar el resultado de la orden de " +
            "una cuenta concreta.",
        ],
        ["¿Cuánto tarda un depósito?", "Los operadores revisan los depósitos con comprobante de pago; procuramos abonarlos en 24 horas."],
        [
          "¿Cuánto tarda un retiro?",
          "El importe queda retenido mientras un operador revisa la solicitud; luego se envía o se le devuelve con un motivo. Puede " +
            "seguirlo en su historial de retiros.",
        ],
        [
          "¿Qué cuentas hay?",
          "Sus activos se guardan en dos cuentas: la de intercambio, para operaciones al contado y conversiones, y la fiat. " +
            "Mueva fondos entre ellas con una transferencia.",
        ],
        [
          "Olvidé mi contraseña. ¿Qué hago?",
          "Pulse «¿Olvidó su contraseña?» en la página de inicio de sesión y confirme con el código enviado a su correo o móvil.",
        ],
      ),
    },
    vn: {
      title: "Câu hỏi thường gặp",
      content: qa(
        [
          "Làm thế nào để mở tài khoản?",
          "Đăng ký bằng địa chỉ email hoặc số điện thoại di động. Chúng tôi gửi mã 6 chữ số để xác nhận đó là của bạn.",
        ],
        [
          "Vì sao tôi cần xác minh danh tính?",
          "Xác minh giúp bảo vệ tài khoản và xác định hạn mức của bạn. Lv1 (cơ bản): rút tối đa 200 BTC mỗi 24 giờ và giao dịch tiền " +
            "pháp định tối đa 2.000 USDT mỗi lệnh. Lv2 (nâng cao): 500 BTC mỗi 24 giờ và 1.000.000 USDT mỗi lệnh.",
        ],
        [
          "Các bạn thu những khoản phí nào?",
          "Mọi khoản phí đều hiển thị trên trang áp dụng trước khi bạn xác nhận. Chuyển tiền giữa các tài khoản của chính bạn được " +
            'miễn phí. Xem tin "Biểu phí của chúng tôi được công khai".',
        ],
        [
          "Giá và kết quả được quyết định thế nào?",
          "Chỉ bởi giá thị trường và quy tắc đã công bố của từng sản phẩm. Không ai có thể thay đổi kết quả lệnh của một tài khoản cụ thể.",
        ],
        [
          "Nạp tiền mất bao lâu?",
          "Nhân viên vận hành xét duyệt các khoản nạp có chứng từ thanh toán; chúng tôi cố gắng ghi có trong vòng 24 giờ.",
        ],
        [
          "Rút tiền mất bao lâu?",
          "Số tiền được tạm giữ trong khi nhân viên vận hành xét duyệt yêu cầu, sau đó được chuyển đi hoặc hoàn lại cho bạn kèm lý " +
            "do. Bạn có thể theo dõi trong lịch sử rút tiền.",
        ],
        [
          "Có những loại tài khoản nào?",
          "Tài sản của bạn được giữ trong hai tài khoản: tài khoản giao dịch cho giao ngay và chuyển đổi coin, và tài khoản tiền " +
            "pháp định. Chuyển tiền giữa chúng bằng lệnh chuyển.",
        ],
        [
          "Tôi quên mật khẩu thì phải làm sao?",
          'Chạm "Quên mật khẩu" trên trang đăng nhập và xác nhận bằng mã gửi tới email hoặc điện thoại của bạn.',
        ],
      ),
    },
  },
};

const CONTACT: SeedArticle = {
  id: 32,
  categoryId: ARTICLE_CATEGORY.contact,
  ageDays: 30,
  texts: {
    en: {
      title: "Contact us",
      content: p(
        "Your records first: the status of every deposit, withdrawal and identity check, with the reason for any decision, is " +
          "shown in your records in the app.",
        "Chat with us in the app: open Customer service from your account page. An agent answers in the same chat; when no agent " +
          "is online you are told, and your message waits for the next one.",
        "To help us answer quickly, include your UID, the order or record number, and a screenshot if you saw an error. We aim to " +
          "reply within 24 hours.",
        "We will never ask for your password, trade password or verification codes.",
      ),
    },
    zh: {
      title: "联系我们",
      content: p(
        "请先查看记录：每笔充值、提现和身份认证的状态，以及任何审核决定的原因，都会显示在 App 的记录中。",
        "在 App 内与我们聊天：从账户页面打开“在线客服”。客服人员会在同一个对话中回复；如果暂时没有客服在线，页面会提示您，您的消息会等待下一位客服处理。",
        "为了更快地帮到您，请提供您的 UID、订单或记录编号，如遇报错请附上截图。我们力争在 24 小时内回复。",
        "我们绝不会向您索要登录密码、交易密码或验证码。",
      ),
    },
    hk: {
      title: "聯絡我們",
      content: p(
        "請先查看紀錄：每筆充值、提現及身份認證的狀態，以及任何審核決定的原因，都會顯示在 App 的紀錄中。",
        "在 App 內與我們聊天：從帳戶頁面打開「線上客服」。客服人員會在同一個對話中回覆；如暫時沒有客服在線，頁面會提示您，您的訊息會等待下一位客服處理。",
        "為了更快協助您，請提供您的 UID、訂單或紀錄編號，如出現錯誤請附上截圖。我們力求在 24 小時內回覆。",
        "我們絕不會向您索取登入密碼、交易密碼或驗證碼。",
      ),
    },
    th: {
      title: "ติดต่อเรา",
      content: p(
        "ดูบันทึกก่อน: สถานะของการฝาก การถอน และการยืนยันตัวตนทุกรายการ พร้อมเหตุผลของการตัดสินใจ จะแสดงอยู่ในบันทึกในแอป",
        'แชทกับเราในแอป: เปิด "ฝ่ายบริการลูกค้า" จากหน้าบัญชีของคุณ เจ้าหน้าที่จะตอบในแชทเดียวกัน ' +
          "หากไม่มีเจ้าหน้าที่ออนไลน์ คุณจะได้รับแจ้ง และข้อความของคุณจะรอเจ้าหน้าที่คนถัดไป",
        "เพื่อให้เราตอบได้เร็วขึ้น โปรดระบุ UID หมายเลขคำสั่งหรือหมายเลขรายการ และแนบภาพหน้าจอหากพบข้อผิดพลาด เราตั้งเป้าตอบกลับภายใน 24 ชั่วโมง",
        "เราจะไม่ขอรหัสผ่าน รหัสผ่านการซื้อขาย หรือรหัสยืนยันของคุณ",
      ),
    },
    jp: {
      title: "お問い合わせ",
      content: p(
        "まずは記録をご確認ください：入金・出金・本人確認それぞれの状況と判断の理由は、アプリ内の記録に表示されます。",
        "アプリ内でチャットできます：アカウントページから「カスタマーサービス」を開いてください。担当者が同じチャットで返信します。担当者が不在のときはその旨が表示され、メッセージは次の担当者を待ちます。",
        "迅速に対応できるよう、UID、注文番号または記録番号、エラーが表示された場合はスクリーンショットを添えてください。24時間以内の返信を目指しています。",
        "当社がパスワード、取引パスワード、認証コードを尋ねることは決してありません。",
      ),
    },
    kor: {
      title: "고객 문의",
      content: p(
        "먼저 기록을 확인하세요: 모든 입금, 출금, 본인 인증의 상태와 결정 사유가 앱의 기록에 표시됩니다.",
        "앱에서 채팅으로 문의하세요: 계정 페이지에서 '고객센터'를 여세요. 상담원이 같은 채팅에서 답변하며, 상담원이 없을 때는 안내가 표시되고 메시지는 다음 상담원을 기다립니다.",
        "빠른 답변을 위해 UID, 주문 또는 기록 번호, 오류가 있었다면 스크린샷을 함께 보내 주세요. 24시간 이내 답변을 목표로 합니다.",
        "당사는 비밀번호, 거래 비밀번호, 인증 코드를 절대 요구하지 않습니다.",
      ),
    },
    fra: {
      title: "Nous contacter",
      content: p(
        "Vos historiques d'abord : l'état de chaque dépôt, retrait et vérification d'identité, avec le motif de toute décision, " +
          "figure dans vos historiques dans l'application.",
        "Écrivez-nous dans l'application : ouvrez le Service client depuis la page de votre compte. Un agent répond dans la même " +
          "conversation ; si aucun agent n'est en ligne, vous en êtes informé et votre message attend le prochain.",
        "Pour une réponse rapide, indiquez votre UID, le numéro d'ordre ou d'opération, et une capture d'écran si une erreur s'est " +
          "affichée. Nous visons une réponse sous 24 heures.",
        "Nous ne vous demanderons jamais votre mot de passe, votre mot de passe de transaction ni vos codes de vérification.",
      ),
    },
    spa: {
      title: "Contacto",
      content: p(
        "Primero, su historial: el estado de cada depósito, retiro y verificación de identidad, con el motivo de cualquier " +
          "decisión, aparece en su historial en la aplicación.",
        "Escríbanos en la aplicación: abra Atención al cliente desde la página de su cuenta. Un agente responde en el mismo chat; si " +
          "no hay ningún agente conectado, se le avisa y su mensaje espera al siguiente.",
        "Para ayudarle antes, incluya su UID, el número de orden o de registro y una captura de pantalla si vio un error. Procuramos " +
          "responder en 24 horas.",
        "Nunca le pediremos su contraseña, su contraseña de operaciones ni sus códigos de verificación.",
      ),
    },
    vn: {
      title: "Liên hệ",
      content: p(
        "Xem lịch sử trước: trạng thái của mỗi lần nạp, rút tiền và xác minh danh tính, cùng lý do của mọi quyết định, được hiển " +
          "thị trong lịch sử trong ứng dụng.",
        "Trò chuyện với chúng tôi trong ứng dụng: mở Chăm sóc khách hàng từ trang tài khoản. Nhân viên trả lời trong cùng cuộc trò " +
          "chuyện; khi không có nhân viên trực tuyến, bạn sẽ được thông báo và tin nhắn sẽ chờ người tiếp theo.",
        "Để được hỗ trợ nhanh hơn, hãy gửi kèm UID, mã lệnh hoặc mã giao dịch, và ảnh chụp màn hình nếu bạn gặp lỗi. Chúng tôi cố " +
          "gắng phản hồi trong vòng 24 giờ.",
        "Chúng tôi sẽ không bao giờ hỏi mật khẩu, mật khẩu giao dịch hay mã xác minh của bạn.",
      ),
    },
  },
};

const ABOUT: SeedArticle = {
  id: 33,
  categoryId: ARTICLE_CATEGORY.about,
  ageDays: 30,
  texts: {
    en: {
      title: "About us",
      content: p(
        "Edge Exchange is a mobile trading app for digital assets: spot trading on a live order book, coin conversion at live " +
          "prices, deposits and withdrawals reviewed by operators, and identity verification, in nine languages.",
        [
          "We build it on a few simple rules:",
          "• Prices and results come only from the market and from published product rules.",
          "• Fees, ratios and limits are published and shown before you confirm.",
          "• Every change to your balance is a ledger entry you can see.",
          "• Funds for open orders and pending withdrawals are held, not spent.",
          "• Operators act through an audited console, and their actions are recorded.",
        ].join("\n"),
      ),
    },
    zh: {
      title: "关于我们",
      content: p(
        "Edge Exchange 是一款数字资产移动交易应用：提供基于实时订单簿的现货交易、按实时价格的闪兑、由运营人员审核的充值与提现，以及身份认证，支持九种语言。",
        [
          "我们坚持几条简单的原则：",
          "• 价格和结果只来自市场和公布的产品规则。",
          "• 手续费、比例和限额全部公开，并在您确认前展示。",
          "• 您余额的每一次变动都是一条您可以查看的账本记录。",
          "• 挂单和待审核提现所需的资金会被冻结，而不会被动用。",
          "• 运营人员通过留有审计记录的后台操作，所有操作都有记录。",
        ].join("\n"),
      ),
    },
    hk: {
      title: "關於我們",
      content: p(
        "Edge Exchange 是一款數字資產流動交易應用：提供基於實時訂單簿的現貨交易、按實時價格的閃兌、由營運人員審核的充值與提現，以及身份認證，支援九種語言。",
        [
          "我們堅守幾項簡單原則：",
          "• 價格和結果只來自市場及公佈的產品規則。",
          "• 手續費、比例及限額全部公開，並在您確認前顯示。",
          "• 您結餘的每一次變動都是一筆您可以查閱的帳簿紀錄。",
          "• 掛單及待審核提現所需的資金會被凍結，而不會被動用。",
          "• 營運人員透過設有審計紀錄的後台操作，所有操作都有紀錄。",
        ].join("\n"),
      ),
    },
    th: {
      title: "เกี่ยวกับเรา",
      content: p(
        "Edge Exchange คือแอปซื้อขายสินทรัพย์ดิจิทัลบนมือถือ: ซื้อขายสปอตบนสมุดคำสั่งแบบเรียลไทม์ แปลงเหรียญตามราคาปัจจุบัน " +
          "ฝากและถอนที่ผู้ดูแลตรวจสอบ และการยืนยันตัวตน รองรับเก้าภาษา",
        [
          "เราสร้างแอปนี้บนหลักการง่าย ๆ ไม่กี่ข้อ:",
          "• ราคาและผลลัพธ์มาจากตลาดและกฎของผลิตภัณฑ์ที่ประกาศไว้เท่านั้น",
          "• ค่าธรรมเนียม อัตรา และวงเงิน เปิดเผยและแสดงก่อนที่คุณจะยืนยัน",
          "• ทุกการเปลี่ยนแปลงของยอดเงินคือรายการบัญชีที่คุณตรวจดูได้",
          "• เงินสำหรับคำสั่งที่เปิดอยู่และการถอนที่รอดำเนินการจะถูกพักไว้ ไม่ได้ถูกใช้ไป",
          "• ผู้ดูแลระบบทำงานผ่านคอนโซลที่มีการบันทึกตรวจสอบ และทุกการดำเนินการถูกบันทึกไว้",
        ].join("\n"),
      ),
    },
    jp: {
      title: "私たちについて",
      content: p(
        "Edge Exchange はデジタル資産のモバイル取引アプリです。リアルタイムの板による現物取引、リアルタイム価格でのコイン両替、オペレーターが審査する入出金、本人確認を 9 言語で提供します。",
        [
          "私たちはいくつかのシンプルなルールを守っています：",
          "• 価格と結果は、市場と公表された商品ルールだけから決まります。",
          "• 手数料、比率、上限は公開され、確定前に表示されます。",
          "• 残高の変動はすべて、ご自身で確認できる台帳記録になります。",
          "• 未約定注文や審査中の出金に必要な資金は拘束されるだけで、使われることはありません。",
          "• 運営スタッフは監査記録の残る管理画面から操作し、その操作はすべて記録されます。",
        ].join("\n"),
      ),
    },
    kor: {
      title: "회사 소개",
      content: p(
        "Edge Exchange는 디지털 자산 모바일 거래 앱입니다. 실시간 호가창 기반 현물 거래, 실시간 가격의 코인 전환, 운영자가 검토하는 입출금, 본인 인증을 9개 언어로 제공합니다.",
        [
          "저희는 몇 가지 간단한 원칙을 지킵니다:",
          "• 가격과 결과는 시장과 공시된 상품 규칙에서만 나옵니다.",
          "• 수수료, 비율, 한도는 공개되며 확인 전에 표시됩니다.",
          "• 모든 잔액 변동은 직접 확인할 수 있는 원장 기록입니다.",
          "• 미체결 주문과 심사 중인 출금에 필요한 자금은 동결될 뿐 사용되지 않습니다.",
          "• 운영자는 감사 기록이 남는 콘솔로만 작업하며, 모든 작업이 기록됩니다.",
        ].join("\n"),
      ),
    },
    fra: {
      title: "À propos de nous",
      content: p(
        "Edge Exchange est une application mobile de trading d'actifs numériques : trading au comptant sur un carnet d'ordres en " +
          "direct, conversion de cryptos aux prix du moment, dépôts et retraits vérifiés par nos opérateurs, et vérification " +
          "d'identité, en neuf langues.",
        [
          "Nous la construisons sur quelques règles simples :",
          "• Les prix et les résultats viennent uniquement du marché et des règles publiées des produits.",
          "• Les frais, ratios et limites sont publiés et affichés avant votre confirmation.",
          "• Chaque variation de votre solde est une écriture que vous pouvez consulter.",
          "• Les fonds des ordres ouverts et des retraits en attente sont réservés, pas dépensés.",
          "• Les opérateurs agissent via une console auditée, et leurs actions sont enregistrées.",
        ].join("\n"),
      ),
    },
    spa: {
      title: "Quiénes somos",
      content: p(
        "Edge Exchange es una aplicación móvil para operar con activos digitales: operaciones al contado con un libro de órdenes " +
          "en vivo, conversión de monedas a precios actuales, depósitos y retiros revisados por operadores y verificación de " +
          "identidad, en nueve idiomas.",
        [
          "La construimos sobre unas pocas reglas sencillas:",
          "• Los precios y los resultados provienen solo del mercado y de las reglas publicadas de cada producto.",
          "• Las comisiones, ratios y límites son públicos y se muestran antes de confirmar.",
          "• Cada cambio en su saldo es un asiento que usted puede ver.",
          "• Los fondos de órdenes abiertas y retiros pendientes quedan retenidos, no gastados.",
          "• Los operadores actúan a través de una consola auditada y sus acciones quedan registradas.",
        ].join("\n"),
      ),
    },
    vn: {
      title: "Về chúng tôi",
      content: p(
        "Edge Exchange là ứng dụng giao dịch tài sản số trên di động: giao dịch giao ngay trên sổ lệnh trực tiếp, chuyển đổi " +
          "coin theo giá hiện tại, nạp và rút tiền được nhân viên vận hành duyệt, và xác minh danh tính, bằng chín ngôn ngữ.",
        [
          "Chúng tôi xây dựng ứng dụng dựa trên vài nguyên tắc đơn giản:",
          "• Giá và kết quả chỉ đến từ thị trường và quy tắc sản phẩm đã công bố.",
          "• Phí, tỷ lệ và hạn mức được công khai và hiển thị trước khi bạn xác nhận.",
          "• Mọi thay đổi số dư đều là một bút toán bạn có thể xem.",
          "• Tiền cho lệnh đang mở và lệnh rút đang chờ được tạm giữ, không bị tiêu.",
          "• Nhân viên vận hành thao tác qua bảng điều khiển có nhật ký kiểm toán, và mọi thao tác đều được ghi lại.",
        ].join("\n"),
      ),
    },
  },
};

const COMPLIANCE: SeedArticle = {
  id: 34,
  categoryId: ARTICLE_CATEGORY.compliance,
  ageDays: 30,
  texts: {
    en: {
      title: "Operational compliance",
      content: p(
        "Identity verification: we verify users' identity (Lv1 basic, Lv2 advanced) before higher limits apply, and we keep the " +
          "documents private: only you and authorised reviewers can see them.",
        "Reviews: deposits with a payment voucher and all withdrawals are reviewed by operators. Held funds are either paid out or " +
          "released; nothing is frozen without a stated reason.",
        "Monitoring: we watch for fraud, money laundering and account takeover, and may ask for more information before processing a " +
          "request.",
        "Regions: because of local rules our services are not offered in some regions, and we may decline or close accounts from them.",
        "Records: account data, ledger entries and operator actions are kept in audit records.",
        "Risk warning: digital assets are volatile. Prices can move quickly and you can lose money. Past results do not predict " +
          "future results. Only trade with money you can afford to lose.",
      ),
    },
    zh: {
      title: "合规运营",
      content: p(
        "身份认证：在适用更高限额之前，我们会核验用户身份（Lv1 初级、Lv2 高级），并对证件资料保密：只有您本人和获得授权的审核人员可以查看。",
        "审核：附有付款凭证的充值和所有提现都由运营人员审核。冻结的资金要么发出，要么退回；不会在未说明原因的情况下冻结任何资金。",
        "监控：我们会防范欺诈、洗钱和账户盗用，在处理申请前可能需要您提供更多信息。",
        "地区：由于当地法规，我们的服务不向部分地区提供；我们可能拒绝或关闭来自这些地区的账户。",
        "记录：账户数据、账本记录和运营操作都保存在审计记录中。",
        "风险提示：数字资产价格波动剧烈，价格可能快速变动，您可能遭受损失。过往结果不代表未来表现。请仅使用您能承受损失的资金进行交易。",
      ),
    },
    hk: {
      title: "合規營運",
      content: p(
        "身份認證：在適用更高限額之前，我們會核實用戶身份（Lv1 初級、Lv2 高級），並將證件資料保密：只有您本人及獲授權的審核人員可以查閱。",
        "審核：附付款憑證的充值及所有提現均由營運人員審核。凍結的資金不是發出就是退回；不會在沒有說明原因的情況下凍結任何資金。",
        "監察：我們會防範欺詐、洗錢及帳戶盜用，處理申請前或會要求您提供更多資料。",
        "地區：基於當地法規，我們的服務不會向部分地區提供；我們或會拒絕或關閉來自這些地區的帳戶。",
        "紀錄：帳戶資料、帳簿紀錄及營運操作均保存在審計紀錄中。",
        "風險提示：數字資產價格波動劇烈，價格可能急速變動，您可能蒙受損失。過往結果不代表未來表現。請只使用您能承受損失的資金進行交易。",
      ),
    },
    th: {
      title: "การปฏิบัติตามกฎระเบียบ",
      content: p(
        "การยืนยันตัวตน: เรายืนยันตัวตนของผู้ใช้ (Lv1 พื้นฐาน, Lv2 ขั้นสูง) ก่อนใช้วงเงินที่สูงขึ้น และเก็บเอกสารเป็นความลับ " +
          "มีเพียงคุณและผู้ตรวจสอบที่ได้รับอนุญาตเท่านั้นที่ดูได้",
        "การตรวจสอบ: รายการฝากที่มีหลักฐานการชำระเงินและการถอนทุกรายการจะได้รับการตรวจสอบโดยผู้ดูแลระบบ " +
          "เงินที่ถูกพักไว้จะถูกจ่ายออกหรือคืนให้ ไม่มีการอายัดเงินโดยไม่แจ้งเหตุผล",
        "การเฝ้าระวัง: เราเฝ้าระวังการฉ้อโกง การฟอกเงิน และการเข้ายึดบัญชี และอาจขอข้อมูลเพิ่มเติมก่อนดำเนินการตามคำขอ",
        "ภูมิภาค: บริการของเราไม่เปิดให้บริการในบางภูมิภาคเนื่องจากกฎหมายท้องถิ่น และเราอาจปฏิเสธหรือปิดบัญชีจากภูมิภาคเหล่านั้น",
        "บันทึก: ข้อมูลบัญชี รายการบัญชี และการดำเนินการของผู้ดูแลระบบ ถูกเก็บไว้ในบันทึกการตรวจสอบ",
        "คำเตือนความเสี่ยง: สินทรัพย์ดิจิทัลมีความผันผวนสูง ราคาอาจเปลี่ยนแปลงอย่างรวดเร็วและคุณอาจขาดทุนได้ " +
          "ผลลัพธ์ในอดีตไม่ได้บ่งบอกถึงผลลัพธ์ในอนาคต โปรดซื้อขายด้วยเงินที่คุณยอมเสียได้เท่านั้น",
      ),
    },
    jp: {
      title: "運営コンプライアンス",
      content: p(
        "本人確認：より高い上限を適用する前に本人確認（Lv1 基本、Lv2 上級）を行い、書類は非公開で保管します。閲覧できるのはお客様ご本人と権限のある審査担当者だけです。",
        "審査：支払証明付きの入金とすべての出金は運営スタッフが審査します。拘束された資金は送金されるか返還され、理由を示さずに凍結することはありません。",
        "監視：詐欺、マネーロンダリング、アカウント乗っ取りを監視しており、申請の処理前に追加情報をお願いする場合があります。",
        "地域：現地の規制により一部の地域ではサービスを提供しておらず、それらの地域からの口座開設をお断りしたり、口座を閉鎖したりする場合があります。",
        "記録：アカウント情報、台帳記録、運営スタッフの操作は監査記録として保管されます。",
        "リスクに関する注意：デジタル資産は価格変動が大きく、価格が急に動いて損失が出ることがあります。過去の結果は将来の結果を示すものではありません。失っても困らない資金でのみ取引してください。",
      ),
    },
    kor: {
      title: "운영 컴플라이언스",
      content: p(
        "본인 인증: 더 높은 한도를 적용하기 전에 이용자의 신원을 확인하며(Lv1 기본, Lv2 고급), 서류는 비공개로 보관합니다. 본인과 권한 있는 심사 담당자만 볼 수 있습니다.",
        "심사: 결제 증빙이 있는 입금과 모든 출금은 운영자가 심사합니다. 동결된 자금은 송금되거나 반환되며, 사유 없이 동결되는 자금은 없습니다.",
        "모니터링: 사기, 자금 세탁, 계정 탈취를 감시하며, 신청을 처리하기 전에 추가 정보를 요청할 수 있습니다.",
        "지역: 현지 규정에 따라 일부 지역에서는 서비스를 제공하지 않으며, 해당 지역의 계정은 가입을 거절하거나 해지할 수 있습니다.",
        "기록: 계정 정보, 원장 기록, 운영자 작업은 감사 기록으로 보관됩니다.",
        "위험 고지: 디지털 자산은 변동성이 큽니다. 가격이 빠르게 움직여 손실을 볼 수 있습니다. 과거의 결과가 미래의 결과를 보장하지 않습니다. 잃어도 감당할 수 있는 자금으로만 거래하세요.",
      ),
    },
    fra: {
      title: "Conformité opérationnelle",
      content: p(
        "Vérification d'identité : nous vérifions l'identité des utilisateurs (Lv1 de base, Lv2 avancé) avant d'appliquer des " +
          "limites plus élevées, et nous gardons les documents confidentiels : seuls vous et les vérificateurs autorisés pouvez les " +
          "consulter.",
        "Vérifications : les dépôts avec justificatif de paiement et tous les retraits sont examinés par des opérateurs. Les fonds " +
          "réservés sont soit versés, soit libérés ; rien n'est bloqué sans motif indiqué.",
        "Surveillance : nous surveillons la fraude, le blanchiment d'argent et la prise de contrôle de comptes, et pouvons demander " +
          "des informations complémentaires avant de traiter une demande.",
        "Régions : en raison des réglementations locales, nos services ne sont pas proposés dans certaines régions, et nous pouvons " +
          "refuser ou fermer les comptes qui en proviennent.",
        "Registres : les données de compte, les écritures et les actions des opérateurs sont conservées dans des journaux d'audit.",
        "Avertissement sur les risques : les actifs numériques sont volatils. Les prix peuvent évoluer vite et vous pouvez " +
          "perdre de l'argent. Les résultats passés ne préjugent pas des résultats futurs. N'engagez que ce que vous pouvez vous " +
          "permettre de perdre.",
      ),
    },
    spa: {
      title: "Cumplimiento operativo",
      content: p(
        "Verificación de identidad: verificamos la identidad de los usuarios (Lv1 básica, Lv2 avanzada) antes de aplicar límites más " +
          "altos y mantenemos los documentos en privado: solo usted y los revisores autorizados pueden verlos.",
        "Revisiones: los depósitos con comprobante de pago y todos los retiros los revisan operadores. Los fondos retenidos se pagan " +
          "o se liberan; nada se bloquea sin un motivo indicado.",
        "Supervisión: vigilamos el fraude, el blanqueo de capitales y el robo de cuentas, y podemos pedir más información antes de " +
          "tramitar una solicitud.",
        "Regiones: por normativa local, nuestros servicios no se ofrecen en algunas regiones y podemos rechazar o cerrar cuentas " +
          "procedentes de ellas.",
        "Registros: los datos de cuenta, los asientos y las acciones de los operadores se conservan en registros de auditoría.",
        "Advertencia de riesgo: los activos digitales son volátiles. Los precios pueden moverse rápido y puede perder dinero. " +
          "Los resultados pasados no predicen los futuros. Opere solo con dinero que pueda permitirse perder.",
      ),
    },
    vn: {
      title: "Tuân thủ vận hành",
      content: p(
        "Xác minh danh tính: chúng tôi xác minh danh tính người dùng (Lv1 cơ bản, Lv2 nâng cao) trước khi áp dụng hạn mức cao hơn và " +
          "giữ kín giấy tờ: chỉ bạn và người xét duyệt được ủy quyền mới xem được.",
        "Xét duyệt: các khoản nạp có chứng từ thanh toán và mọi lệnh rút đều được nhân viên vận hành xét duyệt. Tiền tạm giữ sẽ được " +
          "chi trả hoặc giải phóng; không khoản nào bị phong tỏa mà không nêu lý do.",
        "Giám sát: chúng tôi theo dõi gian lận, rửa tiền và chiếm đoạt tài khoản, và có thể yêu cầu thêm thông tin trước khi xử lý " +
          "yêu cầu.",
        "Khu vực: do quy định địa phương, dịch vụ của chúng tôi không được cung cấp ở một số khu vực, và chúng tôi có thể từ chối " +
          "hoặc đóng tài khoản từ các khu vực đó.",
        "Hồ sơ: dữ liệu tài khoản, bút toán và thao tác của nhân viên vận hành được lưu trong nhật ký kiểm toán.",
        "Cảnh báo rủi ro: tài sản số biến động mạnh. Giá có thể thay đổi nhanh và bạn có thể thua lỗ. Kết quả trong quá khứ " +
          "không dự báo kết quả tương lai. Chỉ giao dịch bằng số tiền bạn có thể chấp nhận mất.",
      ),
    },
  },
};

export const PAGE_ARTICLES: SeedArticle[] = [FAQ, CONTACT, ABOUT, COMPLIANCE];
