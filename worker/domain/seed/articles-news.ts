import { ARTICLE_CATEGORY } from "../../../schema/api/content.ts";
import { p, type SeedArticle } from "./site.ts";

/** Demo banners (c_id 5), news (c_id 4) and the pop-up notice (c_id 32), in all nine languages. */

const BANNERS: SeedArticle[] = [
  {
    id: 1,
    categoryId: ARTICLE_CATEGORY.banner,
    cover: "/banners/market.svg",
    link: "/market",
    sort: 1,
    ageDays: 20,
    texts: {
      en: {
        title: "Trade at real market prices",
        abstract: "Spot trading and coin conversion, at market prices.",
        content: p(
          "Every order on Edge Exchange meets other orders on a live order book, at prices that follow the market. A conversion " +
            "pays exactly the quote you confirm, priced from the live market.",
          "Fees are shown before you confirm, and every change to your balance appears in your records.",
        ),
      },
      zh: {
        title: "按真实市场价格交易",
        abstract: "现货交易与闪兑，均按市场价格成交。",
        content: p(
          "Edge Exchange 的每一笔订单都在实时订单簿上与其他订单撮合，价格紧跟市场。闪兑按您确认的报价成交，报价来自实时市场价格。",
          "手续费在您确认前展示，每一笔余额变动都会出现在您的记录中。",
        ),
      },
      hk: {
        title: "按真實市場價格交易",
        abstract: "現貨交易及閃兌，均按市場價格成交。",
        content: p(
          "Edge Exchange 的每一張訂單都在實時訂單簿上與其他訂單撮合，價格緊貼市場。閃兌按您確認的報價成交，報價來自實時市場價格。",
          "手續費會在您確認前顯示，每一筆結餘變動都會出現在您的紀錄中。",
        ),
      },
      th: {
        title: "ซื้อขายตามราคาตลาดจริง",
        abstract: "ซื้อขายสปอตและแปลงเหรียญตามราคาตลาด",
        content: p(
          "ทุกคำสั่งบน Edge Exchange จับคู่กับคำสั่งอื่นบนสมุดคำสั่งแบบเรียลไทม์ ในราคาที่เป็นไปตามตลาด " +
            "การแปลงเหรียญจ่ายตามใบเสนอราคาที่คุณยืนยัน ซึ่งคำนวณจากราคาตลาดปัจจุบัน",
          "ค่าธรรมเนียมจะแสดงก่อนที่คุณจะยืนยัน และทุกการเปลี่ยนแปลงของยอดเงินจะปรากฏในประวัติของคุณ",
        ),
      },
      jp: {
        title: "実際の市場価格で取引",
        abstract: "現物取引とコイン両替は、どちらも市場価格で行われます。",
        content: p(
          "Edge Exchange のすべての注文はリアルタイムの板で他の注文と約定し、価格は市場に連動します。コイン両替は、リアルタイムの市場価格から算出され確定した見積もりどおりに行われます。",
          "手数料は確定前に表示され、残高の変動はすべて履歴に記録されます。",
        ),
      },
      kor: {
        title: "실제 시장 가격으로 거래",
        abstract: "현물 거래와 코인 전환 모두 시장 가격으로 이루어집니다.",
        content: p(
          "Edge Exchange의 모든 주문은 실시간 호가창에서 다른 주문과 체결되며, 가격은 시장을 따릅니다. 코인 전환은 실시간 시장 가격으로 산출되어 확인한 견적 그대로 이루어집니다.",
          "수수료는 확인 전에 표시되며, 모든 잔액 변동은 내역에 기록됩니다.",
        ),
      },
      fra: {
        title: "Tradez aux vrais prix du marché",
        abstract: "Trading au comptant et conversion, aux prix du marché.",
        content: p(
          "Chaque ordre sur Edge Exchange rencontre d'autres ordres dans un carnet d'ordres en direct, à des prix qui suivent le " +
            "marché. Une conversion paie exactement le devis que vous confirmez, calculé sur le marché en direct.",
          "Les frais sont affichés avant votre confirmation, et chaque variation de solde apparaît dans votre historique.",
        ),
      },
      spa: {
        title: "Opere a precios reales de mercado",
        abstract: "Operaciones al contado y conversión de monedas, a precios de mercado.",
        content: p(
          "Cada orden en Edge Exchange se cruza con otras en un libro de órdenes en vivo, a precios que siguen al mercado. Una " +
            "conversión paga exactamente la cotización que confirma, calculada con el mercado en vivo.",
          "Las comisiones se muestran antes de confirmar y cada cambio de saldo aparece en su historial.",
        ),
      },
      vn: {
        title: "Giao dịch theo giá thị trường thực",
        abstract: "Giao dịch giao ngay và chuyển đổi coin, theo giá thị trường.",
        content: p(
          "Mỗi lệnh trên Edge Exchange được khớp với các lệnh khác trên sổ lệnh trực tiếp, theo giá bám sát thị trường. Chuyển " +
            "đổi coin được thanh toán đúng báo giá bạn xác nhận, tính theo giá thị trường hiện tại.",
          "Phí được hiển thị trước khi bạn xác nhận, và mọi thay đổi số dư đều xuất hiện trong lịch sử của bạn.",
        ),
      },
    },
  },
  {
    id: 3,
    categoryId: ARTICLE_CATEGORY.banner,
    cover: "/banners/security.svg",
    link: "/aboutus",
    sort: 3,
    ageDays: 20,
    texts: {
      en: {
        title: "Your funds, your records",
        abstract: "Every movement of your funds is a ledger entry you can see.",
        content: p(
          "Deposits, trades, fees, transfers and withdrawals each leave an entry in your asset records. Funds for open orders and " +
            "pending withdrawals are held, not spent, until the order completes or is cancelled.",
          "Operators work through an audited console, and their actions appear in your records too.",
        ),
      },
      zh: {
        title: "您的资金，您的记录",
        abstract: "每一笔资金变动都是您可以查看的账本记录。",
        content: p(
          "充值、交易、手续费、划转和提现都会在您的资产记录中留下一条记录。挂单和待审核提现所需的资金会被冻结而不会被动用，直到订单完成或取消。",
          "运营人员通过留有审计记录的后台操作，他们的操作同样会出现在您的记录中。",
        ),
      },
      hk: {
        title: "您的資金，您的紀錄",
        abstract: "每一筆資金變動都是您可以查閱的帳簿紀錄。",
        content: p(
          "充值、交易、手續費、劃轉及提現都會在您的資產紀錄中留下一筆紀錄。掛單及待審核提現所需的資金會被凍結而不會被動用，直至訂單完成或取消。",
          "營運人員透過設有審計紀錄的後台操作，他們的操作同樣會出現在您的紀錄中。",
        ),
      },
      th: {
        title: "เงินของคุณ บันทึกของคุณ",
        abstract: "ทุกการเคลื่อนไหวของเงินคือรายการบัญชีที่คุณตรวจดูได้",
        content: p(
          "การฝาก การซื้อขาย ค่าธรรมเนียม การโอน และการถอน ล้วนมีรายการในประวัติสินทรัพย์ของคุณ " +
            "เงินสำหรับคำสั่งที่ยังเปิดอยู่และการถอนที่รอดำเนินการจะถูกพักไว้ ไม่ได้ถูกใช้ไป จนกว่าคำสั่งจะเสร็จสิ้นหรือถูกยกเลิก",
          "ผู้ดูแลระบบทำงานผ่านคอนโซลที่มีการบันทึกตรวจสอบ และการดำเนินการของพวกเขาจะปรากฏในประวัติของคุณด้วย",
        ),
      },
      jp: {
        title: "あなたの資金、あなたの記録",
        abstract: "資金の動きはすべて、ご自身で確認できる台帳記録になります。",
        content: p(
          "入金、取引、手数料、振替、出金はそれぞれ資産履歴に記録されます。未約定注文や審査中の出金に必要な資金は、注文の完了またはキャンセルまで拘束されるだけで、使われることはありません。",
          "運営スタッフは監査記録の残る管理画面から操作し、その操作もお客様の履歴に表示されます。",
        ),
      },
      kor: {
        title: "회원님의 자금, 회원님의 기록",
        abstract: "모든 자금 이동은 직접 확인할 수 있는 원장 기록입니다.",
        content: p(
          "입금, 거래, 수수료, 이체, 출금은 모두 자산 내역에 기록됩니다. 미체결 주문과 심사 중인 출금에 필요한 자금은 주문이 완료되거나 취소될 때까지 동결될 뿐 사용되지 않습니다.",
          "운영자는 감사 기록이 남는 관리 콘솔을 통해 작업하며, 그 작업도 회원님의 내역에 표시됩니다.",
        ),
      },
      fra: {
        title: "Vos fonds, votre historique",
        abstract: "Chaque mouvement de vos fonds est une écriture que vous pouvez consulter.",
        content: p(
          "Dépôts, transactions, frais, transferts et retraits laissent chacun une écriture dans l'historique de vos actifs. Les " +
            "fonds des ordres ouverts et des retraits en attente sont réservés, pas dépensés, jusqu'à l'exécution ou l'annulation.",
          "Les opérateurs agissent via une console auditée ; leurs actions apparaissent aussi dans votre historique.",
        ),
      },
      spa: {
        title: "Sus fondos, su historial",
        abstract: "Cada movimiento de sus fondos es un asiento que usted puede ver.",
        content: p(
          "Depósitos, operaciones, comisiones, transferencias y retiros dejan cada uno un asiento en el historial de sus activos. " +
            "Los fondos de órdenes abiertas y retiros pendientes quedan retenidos, no gastados, hasta que la orden se complete o se " +
            "cancele.",
          "Los operadores actúan a través de una consola auditada; sus acciones también aparecen en su historial.",
        ),
      },
      vn: {
        title: "Tiền của bạn, lịch sử của bạn",
        abstract: "Mọi biến động tiền của bạn đều là một bút toán bạn có thể xem.",
        content: p(
          "Nạp tiền, giao dịch, phí, chuyển khoản và rút tiền đều để lại một bút toán trong lịch sử tài sản của bạn. Tiền cho các " +
            "lệnh đang mở và các lệnh rút đang chờ được tạm giữ, không bị tiêu, cho đến khi lệnh hoàn tất hoặc bị hủy.",
          "Nhân viên vận hành thao tác qua bảng điều khiển có nhật ký kiểm toán, và các thao tác của họ cũng hiển thị trong lịch sử " +
            "của bạn.",
        ),
      },
    },
  },
];

const NEWS: SeedArticle[] = [
  {
    id: 11,
    categoryId: ARTICLE_CATEGORY.news,
    ageDays: 2,
    texts: {
      en: {
        title: "Our fee schedule is public",
        abstract: "Where to find every fee before you pay it.",
        content: p(
          "We charge no hidden fees. Every fee is a published setting and is shown on the page where it applies:",
          [
            "• Spot trades: the fee rate is shown in the order panel, and the fee charged appears with each fill.",
            "• Coin conversion: the fee is part of the quote you confirm, and that quote is paid exactly.",
            "• Withdrawals: the fee of each coin is shown on the withdrawal page before you confirm.",
            "• Transfers between your own accounts are free.",
          ].join("\n"),
          "If a fee changes, we announce it here before the change takes effect.",
        ),
      },
      zh: {
        title: "手续费标准公开透明",
        abstract: "付费前即可查看每一项费用。",
        content: p(
          "我们不收取任何隐藏费用。每一项费用都是公开的配置，并在适用的页面上展示：",
          [
            "• 现货交易：下单面板显示手续费率，每笔成交都会显示实际收取的手续费。",
            "• 闪兑：手续费包含在您确认的报价中，并严格按该报价成交。",
            "• 提现：每个币种的提现手续费在您确认前显示在提现页面。",
            "• 您自己账户之间的划转免费。",
          ].join("\n"),
          "如果费用调整，我们会在生效前在此公告。",
        ),
      },
      hk: {
        title: "手續費標準公開透明",
        abstract: "付款前即可查看每一項費用。",
        content: p(
          "我們不收取任何隱藏費用。每一項費用都是公開的設定，並會在適用的頁面顯示：",
          [
            "• 現貨交易：落單面板會顯示手續費率，每筆成交都會顯示實際收取的手續費。",
            "• 閃兌：手續費已包含在您確認的報價中，並嚴格按該報價成交。",
            "• 提現：每種幣的提現手續費會在您確認前於提現頁面顯示。",
            "• 您自己帳戶之間的劃轉免費。",
          ].join("\n"),
          "如費用有所調整，我們會在生效前於此公佈。",
        ),
      },
      th: {
        title: "ตารางค่าธรรมเนียมของเราเปิดเผยต่อสาธารณะ",
        abstract: "ดูค่าธรรมเนียมทุกรายการได้ก่อนชำระ",
        content: p(
          "เราไม่เก็บค่าธรรมเนียมแอบแฝง ค่าธรรมเนียมทุกรายการเป็นการตั้งค่าที่เปิดเผย และแสดงบนหน้าที่เกี่ยวข้อง:",
          [
            "• การซื้อขายสปอต: อัตราค่าธรรมเนียมแสดงในแผงส่งคำสั่ง และค่าธรรมเนียมที่เรียกเก็บจะแสดงกับทุกการจับคู่คำสั่ง",
            "• การแปลงเหรียญ: ค่าธรรมเนียมรวมอยู่ในใบเสนอราคาที่คุณยืนยัน และจ่ายตามใบเสนอราคานั้นทุกประการ",
            "• การถอน: ค่าธรรมเนียมของแต่ละเหรียญแสดงบนหน้าถอนก่อนที่คุณจะยืนยัน",
            "• การโอนระหว่างบัญชีของคุณเองไม่มีค่าธรรมเนียม",
          ].join("\n"),
          "หากค่าธรรมเนียมเปลี่ยนแปลง เราจะประกาศที่นี่ก่อนมีผลบังคับใช้",
        ),
      },
      jp: {
        title: "手数料体系を公開しています",
        abstract: "支払う前にすべての手数料を確認できます。",
        content: p(
          "隠れた手数料は一切ありません。各手数料は公開された設定であり、適用されるページに表示されます：",
          [
            "• 現物取引：手数料率は注文パネルに表示され、約定ごとに実際の手数料が表示されます。",
            "• コイン両替：手数料は確定する見積もりに含まれ、その見積もりどおりに支払われます。",
            "• 出金：各コインの出金手数料は確定前に出金ページに表示されます。",
            "• ご自身の口座間の振替は無料です。",
          ].join("\n"),
          "手数料を変更する場合は、適用前にここでお知らせします。",
        ),
      },
      kor: {
        title: "수수료 체계를 공개합니다",
        abstract: "결제하기 전에 모든 수수료를 확인하세요.",
        content: p(
          "숨은 수수료는 없습니다. 모든 수수료는 공개된 설정값이며 해당 페이지에 표시됩니다:",
          [
            "• 현물 거래: 수수료율은 주문 패널에 표시되고, 체결마다 부과된 수수료가 표시됩니다.",
            "• 코인 전환: 수수료는 확인하는 견적에 포함되며, 그 견적 그대로 지급됩니다.",
            "• 출금: 코인별 출금 수수료는 확인 전에 출금 페이지에 표시됩니다.",
            "• 본인 계정 간 이체는 무료입니다.",
          ].join("\n"),
          "수수료가 변경되면 적용 전에 이곳에 공지합니다.",
        ),
      },
      fra: {
        title: "Notre grille tarifaire est publique",
        abstract: "Où trouver chaque frais avant de le payer.",
        content: p(
          "Nous n'appliquons aucun frais caché. Tous les frais sont des paramètres publiés, affichés sur la page où ils s'appliquent :",
          [
            "• Spot : le taux de frais est affiché dans le panneau d'ordre, et les frais prélevés apparaissent avec chaque exécution.",
            "• Conversion : les frais font partie du devis que vous confirmez, et ce devis est payé à l'identique.",
            "• Retraits : les frais de chaque crypto sont affichés sur la page de retrait avant votre confirmation.",
            "• Les transferts entre vos propres comptes sont gratuits.",
          ].join("\n"),
          "Si des frais changent, nous l'annonçons ici avant l'entrée en vigueur du changement.",
        ),
      },
      spa: {
        title: "Nuestras comisiones son públicas",
        abstract: "Dónde ver cada comisión antes de pagarla.",
        content: p(
          "No cobramos comisiones ocultas. Cada comisión es un parámetro publicado y se muestra en la página donde se aplica:",
          [
            "• Operaciones al contado: la tasa de comisión se muestra en el panel de órdenes y la comisión cobrada aparece con " +
              "cada ejecución.",
            "• Conversión de monedas: la comisión forma parte de la cotización que confirma, y esa cotización se paga exactamente.",
            "• Retiros: la comisión de cada moneda se muestra en la página de retiro antes de confirmar.",
            "• Las transferencias entre sus propias cuentas son gratuitas.",
          ].join("\n"),
          "Si una comisión cambia, lo anunciaremos aquí antes de que el cambio entre en vigor.",
        ),
      },
      vn: {
        title: "Biểu phí của chúng tôi được công khai",
        abstract: "Xem mọi khoản phí trước khi bạn trả.",
        content: p(
          "Chúng tôi không thu phí ẩn. Mỗi khoản phí là một thiết lập được công bố và hiển thị trên trang áp dụng:",
          [
            "• Giao dịch giao ngay: mức phí hiển thị trong bảng đặt lệnh, và phí thực thu hiển thị cùng mỗi lần khớp lệnh.",
            "• Chuyển đổi coin: phí nằm trong báo giá bạn xác nhận, và báo giá đó được thanh toán đúng như vậy.",
            "• Rút tiền: phí của từng loại coin hiển thị trên trang rút tiền trước khi bạn xác nhận.",
            "• Chuyển tiền giữa các tài khoản của chính bạn được miễn phí.",
          ].join("\n"),
          "Nếu có thay đổi về phí, chúng tôi sẽ thông báo tại đây trước khi thay đổi có hiệu lực.",
        ),
      },
    },
  },
  {
    id: 13,
    categoryId: ARTICLE_CATEGORY.news,
    ageDays: 9,
    texts: {
      en: {
        title: "Deposits and withdrawals: how reviews work",
        abstract: "What happens between your request and the credit or payout.",
        content: p(
          "Deposits: transfer to the address shown on the deposit page and upload your payment voucher. An operator matches the " +
            "transfer with the receiving account and credits your account; we aim to finish within 24 hours. A deposit that cannot be " +
            "matched is rejected with a reason, and you can contact support.",
          "Withdrawals: when you submit a withdrawal, the amount and its fee move from available to held. An operator reviews it, " +
            "then sends it or rejects it. A rejected withdrawal releases the whole held amount back to available, with the reason in " +
            "your records.",
          "There are no hidden withdrawal conditions: the limits are those of your verification level and the minimum amount shown " +
            "on the withdrawal page.",
        ),
      },
      zh: {
        title: "充值与提现：审核如何进行",
        abstract: "从提交申请到入账或出款之间发生了什么。",
        content: p(
          "充值：向充值页面显示的地址转账并上传付款凭证。运营人员会核对收款账户中的转账记录后为您入账，我们力争在 24 小时内完成。无法核对的充值会被驳回并注明原因，您可以联系客服。",
          "提现：提交提现后，提现金额和手续费会从可用余额转为冻结。运营人员审核后，会将其发出或驳回。被驳回的提现会将冻结金额全部退回可用余额，原因会写入您的记录。",
          "没有任何隐藏的提现条件：限额只取决于您的认证等级以及提现页面显示的最低金额。",
        ),
      },
      hk: {
        title: "充值與提現：審核如何進行",
        abstract: "由提交申請到入帳或出款之間發生甚麼。",
        content: p(
          "充值：向充值頁面顯示的地址轉帳，並上載付款憑證。營運人員會核對收款帳戶的轉帳紀錄，然後為您入帳，我們力求在 24 小時內完成。無法核對的充值會被駁回並註明原因，您可聯絡客服。",
          "提現：提交提現後，提現金額及手續費會由可用結餘轉為凍結。營運人員審核後，會將其發出或駁回。被駁回的提現會將凍結金額全數退回可用結餘，原因會記錄在您的紀錄中。",
          "沒有任何隱藏的提現條件：限額只取決於您的認證等級及提現頁面顯示的最低金額。",
        ),
      },
      th: {
        title: "การฝากและการถอน: ขั้นตอนการตรวจสอบ",
        abstract: "สิ่งที่เกิดขึ้นระหว่างคำขอของคุณจนถึงการเข้าบัญชีหรือการจ่ายออก",
        content: p(
          "การฝาก: โอนไปยังที่อยู่ที่แสดงในหน้าฝาก แล้วอัปโหลดหลักฐานการชำระเงิน " +
            "ผู้ดูแลระบบจะตรวจสอบการโอนกับบัญชีรับเงินแล้วเติมเงินเข้าบัญชีของคุณ เราตั้งเป้าดำเนินการให้เสร็จภายใน 24 ชั่วโมง " +
            "รายการฝากที่ตรวจสอบไม่ได้จะถูกปฏิเสธพร้อมเหตุผล และคุณสามารถติดต่อฝ่ายบริการลูกค้าได้",
          "การถอน: เมื่อคุณส่งคำขอถอน จำนวนเงินและค่าธรรมเนียมจะถูกย้ายจากยอดที่ใช้ได้ไปเป็นยอดที่ถูกพักไว้ " +
            "ผู้ดูแลระบบจะตรวจสอบแล้วส่งออกหรือปฏิเสธ การถอนที่ถูกปฏิเสธจะคืนยอดที่พักไว้ทั้งหมดกลับเป็นยอดที่ใช้ได้ " +
            "พร้อมระบุเหตุผลในประวัติของคุณ",
          "ไม่มีเงื่อนไขการถอนแอบแฝง วงเงินขึ้นอยู่กับระดับการยืนยันตัวตนของคุณและจำนวนขั้นต่ำที่แสดงในหน้าถอนเท่านั้น",
        ),
      },
      jp: {
        title: "入出金の審査について",
        abstract: "申請から入金反映・送金までの流れ。",
        content: p(
          "入金：入金ページに表示されたアドレスへ送金し、支払証明をアップロードしてください。運営スタッフが受取口座の記録と照合してから口座に反映します。24時間以内の完了を目指しています。照合できない入金は理由を添えて却下され、サポートにお問い合わせいただけます。",
          "出金：出金を申請すると、金額と手数料が利用可能残高から拘束残高に移ります。運営スタッフが審査し、送金または却下します。却下された出金は拘束額の全額が利用可能残高に戻り、理由が履歴に記録されます。",
          "隠れた出金条件はありません。上限は本人確認レベルと、出金ページに表示される最低金額だけで決まります。",
        ),
      },
      kor: {
        title: "입출금 심사 안내",
        abstract: "신청부터 입금 반영 또는 송금까지의 과정.",
        content: p(
          "입금: 입금 페이지에 표시된 주소로 송금한 뒤 결제 증빙을 업로드하세요. 운영자가 수취 계좌의 내역과 대조한 후 계정에 반영하며, 24시간 이내 완료를 목표로 합니다. 확인할 수 없는 입금은 사유와 함께 반려되며, " +
            "고객센터에 문의하실 수 있습니다.",
          "출금: 출금을 신청하면 금액과 수수료가 사용 가능 잔액에서 동결 잔액으로 옮겨집니다. 운영자가 심사한 뒤 송금하거나 반려합니다. 반려된 출금은 동결 금액 전액이 사용 가능 잔액으로 돌아오며, 사유가 내역에 기록됩니다.",
          "숨은 출금 조건은 없습니다. 한도는 인증 등급과 출금 페이지에 표시된 최소 금액으로만 정해집니다.",
        ),
      },
      fra: {
        title: "Dépôts et retraits : comment se passent les vérifications",
        abstract: "Ce qui se passe entre votre demande et le crédit ou le paiement.",
        content: p(
          "Dépôts : effectuez le virement vers l'adresse affichée sur la page de dépôt, puis téléversez votre justificatif de " +
            "paiement. Un opérateur rapproche le virement du compte de réception et crédite votre compte ; nous visons un traitement " +
            "sous 24 heures. Un dépôt qui ne peut pas être rapproché est refusé avec un motif, et vous pouvez contacter le support.",
          "Retraits : lorsque vous soumettez un retrait, le montant et ses frais passent du solde disponible au solde réservé. Un " +
            "opérateur l'examine, puis l'envoie ou le refuse. Un retrait refusé libère la totalité du montant réservé vers le solde " +
            "disponible, avec le motif dans votre historique.",
          "Aucune condition de retrait cachée : les limites sont celles de votre niveau de vérification et le montant minimum " +
            "affiché sur la page de retrait.",
        ),
      },
      spa: {
        title: "Depósitos y retiros: cómo funcionan las revisiones",
        abstract: "Qué ocurre entre su solicitud y el abono o el pago.",
        content: p(
          "Depósitos: transfiera a la dirección que aparece en la página de depósito y suba su comprobante de pago. Un operador " +
            "coteja la transferencia con la cuenta receptora y abona su cuenta; procuramos terminar en 24 horas. Si un depósito no " +
            "puede cotejarse, se rechaza indicando el motivo y puede contactar con soporte.",
          "Retiros: al enviar un retiro, el importe y su comisión pasan del saldo disponible al retenido. Un operador lo revisa y " +
            "luego lo envía o lo rechaza. Un retiro rechazado devuelve todo el importe retenido al saldo disponible, con el motivo en " +
            "su historial.",
          "No hay condiciones de retiro ocultas: los límites son los de su nivel de verificación y el importe mínimo que se muestra " +
            "en la página de retiro.",
        ),
      },
      vn: {
        title: "Nạp và rút tiền: quy trình xét duyệt",
        abstract: "Điều gì diễn ra từ lúc bạn gửi yêu cầu đến khi tiền được ghi có hoặc chi trả.",
        content: p(
          "Nạp tiền: chuyển đến địa chỉ hiển thị trên trang nạp tiền và tải lên chứng từ thanh toán. Nhân viên vận hành đối chiếu " +
            "giao dịch với tài khoản nhận rồi ghi có vào tài khoản của bạn; chúng tôi cố gắng hoàn tất trong vòng 24 giờ. Khoản nạp " +
            "không đối chiếu được sẽ bị từ chối kèm lý do, và bạn có thể liên hệ bộ phận hỗ trợ.",
          "Rút tiền: khi bạn gửi yêu cầu rút, số tiền và phí được chuyển từ số dư khả dụng sang số dư tạm giữ. Nhân viên vận hành " +
            "xét duyệt rồi chuyển đi hoặc từ chối. Lệnh rút bị từ chối sẽ trả toàn bộ số tiền tạm giữ về số dư khả dụng, kèm lý do " +
            "trong lịch sử của bạn.",
          "Không có điều kiện rút tiền ẩn: hạn mức chỉ phụ thuộc vào cấp xác minh của bạn và số tiền tối thiểu hiển thị trên trang " +
            "rút tiền.",
        ),
      },
    },
  },
  {
    id: 14,
    categoryId: ARTICLE_CATEGORY.news,
    ageDays: 14,
    texts: {
      en: {
        title: "Show values in 11 currencies",
        abstract: "Pick USD, CNY, GBP, HKD, JPY, EUR, AED, THB, PHP, SGD or VND.",
        content: p(
          "You can now show the value of your assets in one of 11 currencies: USD, CNY, GBP, HKD, JPY, EUR, AED, THB, PHP, SGD and " +
            "VND. Change it in Settings.",
          "Rates are refreshed once a day from a public rate provider and are for display only: balances, trades and withdrawals " +
            "always use the coin amounts themselves.",
        ),
      },
      zh: {
        title: "支持以 11 种货币显示资产",
        abstract: "可选 USD、CNY、GBP、HKD、JPY、EUR、AED、THB、PHP、SGD 或 VND。",
        content: p(
          "现在您可以选择以 11 种货币之一显示资产价值：USD、CNY、GBP、HKD、JPY、EUR、AED、THB、PHP、SGD 和 VND。可在设置中更改。",
          "汇率每天从公开的汇率服务更新一次，仅用于显示：余额、交易和提现始终以币种数量本身为准。",
        ),
      },
      hk: {
        title: "支援以 11 種貨幣顯示資產",
        abstract: "可選 USD、CNY、GBP、HKD、JPY、EUR、AED、THB、PHP、SGD 或 VND。",
        content: p(
          "現在您可以選擇以 11 種貨幣之一顯示資產價值：USD、CNY、GBP、HKD、JPY、EUR、AED、THB、PHP、SGD 及 VND。可在設定中更改。",
          "匯率每日從公開的匯率服務更新一次，只作顯示用途：結餘、交易及提現一律以幣種數量本身為準。",
        ),
      },
      th: {
        title: "แสดงมูลค่าได้ 11 สกุลเงิน",
        abstract: "เลือก USD, CNY, GBP, HKD, JPY, EUR, AED, THB, PHP, SGD หรือ VND",
        content: p(
          "ตอนนี้คุณสามารถแสดงมูลค่าสินทรัพย์เป็นสกุลเงินใดก็ได้จาก 11 สกุล: USD, CNY, GBP, HKD, JPY, EUR, AED, THB, PHP, SGD และ " +
            "VND เปลี่ยนได้ในหน้าการตั้งค่า",
          "อัตราแลกเปลี่ยนอัปเดตวันละครั้งจากผู้ให้บริการอัตราแลกเปลี่ยนสาธารณะ และใช้เพื่อการแสดงผลเท่านั้น ยอดเงิน การซื้อขาย " +
            "และการถอนจะใช้จำนวนเหรียญจริงเสมอ",
        ),
      },
      jp: {
        title: "11通貨での表示に対応",
        abstract: "USD、CNY、GBP、HKD、JPY、EUR、AED、THB、PHP、SGD、VND から選べます。",
        content: p(
          "資産の価値を11通貨のいずれかで表示できるようになりました：USD、CNY、GBP、HKD、JPY、EUR、AED、THB、PHP、SGD、VND。設定から変更できます。",
          "為替レートは公開のレート提供元から1日1回更新され、表示にのみ使われます。残高、取引、出金には常にコインの数量そのものが使われます。",
        ),
      },
      kor: {
        title: "11개 통화로 자산 표시",
        abstract: "USD, CNY, GBP, HKD, JPY, EUR, AED, THB, PHP, SGD, VND 중에서 선택하세요.",
        content: p(
          "이제 자산 가치를 11개 통화 중 하나로 표시할 수 있습니다: USD, CNY, GBP, HKD, JPY, EUR, AED, THB, PHP, SGD, VND. 설정에서 변경하세요.",
          "환율은 공개 환율 제공처에서 하루 한 번 갱신되며 표시용으로만 사용됩니다. 잔액, 거래, 출금에는 항상 코인 수량 자체가 사용됩니다.",
        ),
      },
      fra: {
        title: "Affichez vos avoirs en 11 devises",
        abstract: "Choisissez USD, CNY, GBP, HKD, JPY, EUR, AED, THB, PHP, SGD ou VND.",
        content: p(
          "Vous pouvez désormais afficher la valeur de vos actifs dans l'une de 11 devises : USD, CNY, GBP, HKD, JPY, EUR, AED, THB, " +
            "PHP, SGD et VND. Modifiez-la dans les Paramètres.",
          "Les taux sont mis à jour une fois par jour auprès d'un fournisseur public et servent uniquement à l'affichage : soldes, " +
            "transactions et retraits utilisent toujours les quantités de crypto elles-mêmes.",
        ),
      },
      spa: {
        title: "Vea sus valores en 11 monedas",
        abstract: "Elija USD, CNY, GBP, HKD, JPY, EUR, AED, THB, PHP, SGD o VND.",
        content: p(
          "Ahora puede mostrar el valor de sus activos en una de 11 monedas: USD, CNY, GBP, HKD, JPY, EUR, AED, THB, PHP, SGD y VND. " +
            "Cámbiela en Ajustes.",
          "Los tipos de cambio se actualizan una vez al día desde un proveedor público y son solo informativos: los saldos, las " +
            "operaciones y los retiros siempre usan las cantidades de las propias monedas.",
        ),
      },
      vn: {
        title: "Hiển thị giá trị bằng 11 loại tiền tệ",
        abstract: "Chọn USD, CNY, GBP, HKD, JPY, EUR, AED, THB, PHP, SGD hoặc VND.",
        content: p(
          "Giờ đây bạn có thể hiển thị giá trị tài sản bằng một trong 11 loại tiền tệ: USD, CNY, GBP, HKD, JPY, EUR, AED, THB, PHP, " +
            "SGD và VND. Thay đổi trong phần Cài đặt.",
          "Tỷ giá được cập nhật mỗi ngày một lần từ một nhà cung cấp tỷ giá công khai và chỉ dùng để hiển thị: số dư, giao dịch và " +
            "rút tiền luôn dùng chính số lượng coin.",
        ),
      },
    },
  },
];

const POPUP: SeedArticle = {
  id: 21,
  categoryId: ARTICLE_CATEGORY.popup,
  ageDays: 1,
  texts: {
    en: {
      title: "Security reminder",
      abstract: "Never share your passwords or verification codes.",
      content: p(
        "Never share your password, trade password or verification codes with anyone, including people who say they work for us. Our " +
          "staff will never ask for them.",
        "Our staff will never contact you first about your account. Check the withdrawal address before you confirm: transfers " +
          "on a blockchain cannot be reversed.",
        "Trading digital assets is risky. Prices can move quickly and you can lose money.",
      ),
    },
    zh: {
      title: "安全提醒",
      abstract: "切勿透露您的密码或验证码。",
      content: p(
        "切勿向任何人透露您的登录密码、交易密码或验证码，包括自称是我们工作人员的人。我们的工作人员绝不会向您索要这些信息。",
        "我们的工作人员绝不会主动联系您处理账户事宜。确认提现前请核对提现地址：区块链上的转账无法撤回。",
        "数字资产交易存在风险。价格可能快速波动，您可能蒙受损失。",
      ),
    },
    hk: {
      title: "安全提示",
      abstract: "切勿透露您的密碼或驗證碼。",
      content: p(
        "切勿向任何人透露您的登入密碼、交易密碼或驗證碼，包括自稱是我們職員的人。我們的職員絕不會向您索取這些資料。",
        "我們的工作人員絕不會主動聯絡您處理帳戶事宜。確認提現前請核對提現地址：區塊鏈上的轉賬無法撤回。",
        "數碼資產交易涉及風險。價格可能急速波動，您可能蒙受損失。",
      ),
    },
    th: {
      title: "คำเตือนด้านความปลอดภัย",
      abstract: "ห้ามเปิดเผยรหัสผ่านหรือรหัสยืนยันของคุณ",
      content: p(
        "ห้ามเปิดเผยรหัสผ่าน รหัสผ่านการซื้อขาย หรือรหัสยืนยันแก่ผู้ใด รวมถึงผู้ที่อ้างว่าเป็นพนักงานของเรา พนักงานของเราจะไม่ขอข้อมูลเหล่านี้จากคุณ",
        "เจ้าหน้าที่ของเราจะไม่ติดต่อคุณก่อนเรื่องบัญชีของคุณ ตรวจสอบที่อยู่ถอนก่อนยืนยัน: การโอนบนบล็อกเชนไม่สามารถย้อนกลับได้",
        "การซื้อขายสินทรัพย์ดิจิทัลมีความเสี่ยง ราคาอาจเปลี่ยนแปลงอย่างรวดเร็ว และคุณอาจขาดทุนได้",
      ),
    },
    jp: {
      title: "セキュリティに関するお知らせ",
      abstract: "パスワードや認証コードは誰にも教えないでください。",
      content: p(
        "パスワード、取引パスワード、認証コードは、当社スタッフを名乗る人を含め、誰にも教えないでください。当社スタッフがこれらを尋ねることはありません。",
        "当社スタッフからアカウントについて先にご連絡することはありません。確定前に出金アドレスをご確認ください：ブロックチェーン上の送金は取り消せません。",
        "デジタル資産の取引にはリスクがあります。価格は急変することがあり、損失が生じる可能性があります。",
      ),
    },
    kor: {
      title: "보안 안내",
      abstract: "비밀번호와 인증 코드는 절대 알려 주지 마세요.",
      content: p(
        "비밀번호, 거래 비밀번호, 인증 코드는 당사 직원을 사칭하는 사람을 포함해 누구에게도 알려 주지 마세요. 당사 직원은 절대 이를 요구하지 않습니다.",
        "당사 직원이 계정 문제로 먼저 연락하는 일은 없습니다. 확인 전에 출금 주소를 확인하세요: 블록체인 전송은 되돌릴 수 없습니다.",
        "디지털 자산 거래에는 위험이 따릅니다. 가격이 빠르게 변할 수 있으며 손실을 입을 수 있습니다.",
      ),
    },
    fra: {
      title: "Rappel de sécurité",
      abstract: "Ne communiquez jamais vos mots de passe ni vos codes de vérification.",
      content: p(
        "Ne communiquez jamais votre mot de passe, votre mot de passe de transaction ou vos codes de vérification à qui que ce soit, " +
          "y compris à des personnes qui prétendent travailler pour nous. Notre équipe ne vous les demandera jamais.",
        "Notre équipe ne vous contactera jamais la première au sujet de votre compte. Vérifiez l'adresse de retrait avant de " +
          "confirmer : un transfert sur une blockchain est irréversible.",
        "Le trading d'actifs numériques est risqué. Les prix peuvent évoluer rapidement et vous pouvez perdre de l'argent.",
      ),
    },
    spa: {
      title: "Recordatorio de seguridad",
      abstract: "Nunca comparta sus contraseñas ni sus códigos de verificación.",
      content: p(
        "Nunca comparta su contraseña, su contraseña de operaciones ni sus códigos de verificación con nadie, ni siquiera con quien " +
          "diga trabajar para nosotros. Nuestro personal nunca se los pedirá.",
        "Nuestro personal nunca le contactará primero por su cuenta. Compruebe la dirección de retiro antes de confirmar: las " +
          "transferencias en una blockchain no se pueden revertir.",
        "Operar con activos digitales es arriesgado. Los precios pueden moverse rápidamente y puede perder dinero.",
      ),
    },
    vn: {
      title: "Nhắc nhở bảo mật",
      abstract: "Không bao giờ chia sẻ mật khẩu hoặc mã xác minh.",
      content: p(
        "Tuyệt đối không chia sẻ mật khẩu, mật khẩu giao dịch hoặc mã xác minh với bất kỳ ai, kể cả người tự xưng là nhân viên của " +
          "chúng tôi. Nhân viên của chúng tôi sẽ không bao giờ hỏi những thông tin này.",
        "Nhân viên của chúng tôi sẽ không bao giờ chủ động liên hệ bạn về tài khoản. Kiểm tra địa chỉ rút tiền trước khi xác " +
          "nhận: giao dịch trên blockchain không thể hoàn tác.",
        "Giao dịch tài sản số có rủi ro. Giá có thể biến động nhanh và bạn có thể bị lỗ.",
      ),
    },
  },
};

export const NEWS_ARTICLES: SeedArticle[] = [...BANNERS, ...NEWS, POPUP];
