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
        abstract: "Spot, futures and seconds contracts, all settled at market prices.",
        content: p(
          "Every order on Edge Exchange is priced and settled at the market price. A seconds contract opens at the market price when " +
            "your order is accepted and settles at the market price at expiry.",
          "Fees are shown before you confirm, and every change to your balance appears in your records.",
        ),
      },
      zh: {
        title: "按真实市场价格交易",
        abstract: "现货、合约与秒合约，全部按市场价格结算。",
        content: p(
          "Edge Exchange 的每一笔订单都按市场价格定价和结算。秒合约以订单受理时的市场价格开仓，并以到期时的市场价格结算。",
          "手续费在您确认前展示，每一笔余额变动都会出现在您的记录中。",
        ),
      },
      hk: {
        title: "按真實市場價格交易",
        abstract: "現貨、合約及秒合約，全部按市場價格結算。",
        content: p(
          "Edge Exchange 的每一張訂單都按市場價格定價及結算。秒合約以訂單受理時的市場價格開倉，並以到期時的市場價格結算。",
          "手續費會在您確認前顯示，每一筆結餘變動都會出現在您的紀錄中。",
        ),
      },
      th: {
        title: "ซื้อขายตามราคาตลาดจริง",
        abstract: "สปอต ฟิวเจอร์ส และสัญญาวินาที ทั้งหมดชำระตามราคาตลาด",
        content: p(
          "ทุกคำสั่งบน Edge Exchange กำหนดราคาและชำระตามราคาตลาด สัญญาวินาทีเปิดที่ราคาตลาดขณะที่ระบบรับคำสั่งของคุณ และชำระที่ราคาตลาด ณ เวลาหมดอายุ",
          "ค่าธรรมเนียมจะแสดงก่อนที่คุณจะยืนยัน และทุกการเปลี่ยนแปลงของยอดเงินจะปรากฏในประวัติของคุณ",
        ),
      },
      jp: {
        title: "実際の市場価格で取引",
        abstract: "現物、先物、秒契約はすべて市場価格で決済されます。",
        content: p(
          "Edge Exchange のすべての注文は市場価格で価格が決まり、決済されます。秒契約は注文受付時の市場価格で建てられ、満期時刻の市場価格で決済されます。",
          "手数料は確定前に表示され、残高の変動はすべて履歴に記録されます。",
        ),
      },
      kor: {
        title: "실제 시장 가격으로 거래",
        abstract: "현물, 선물, 초 계약 모두 시장 가격으로 정산됩니다.",
        content: p(
          "Edge Exchange의 모든 주문은 시장 가격으로 가격이 정해지고 정산됩니다. 초 계약은 주문이 접수된 순간의 시장 가격으로 시작하고, 만기 시점의 시장 가격으로 정산됩니다.",
          "수수료는 확인 전에 표시되며, 모든 잔액 변동은 내역에 기록됩니다.",
        ),
      },
      fra: {
        title: "Tradez aux vrais prix du marché",
        abstract: "Spot, contrats à terme et contrats à la seconde, tous réglés au prix du marché.",
        content: p(
          "Chaque ordre sur Edge Exchange est valorisé et réglé au prix du marché. Un contrat à la seconde s'ouvre au prix du marché " +
            "au moment où votre ordre est accepté et se règle au prix du marché à l'échéance.",
          "Les frais sont affichés avant votre confirmation, et chaque variation de solde apparaît dans votre historique.",
        ),
      },
      spa: {
        title: "Opere a precios reales de mercado",
        abstract: "Spot, futuros y contratos por segundos, todos liquidados a precio de mercado.",
        content: p(
          "Cada orden en Edge Exchange se valora y se liquida a precio de mercado. Un contrato por segundos se abre al precio de " +
            "mercado en el momento en que se acepta su orden y se liquida al precio de mercado al vencimiento.",
          "Las comisiones se muestran antes de confirmar y cada cambio de saldo aparece en su historial.",
        ),
      },
      vn: {
        title: "Giao dịch theo giá thị trường thực",
        abstract: "Giao ngay, hợp đồng tương lai và hợp đồng giây, tất cả đều thanh toán theo giá thị trường.",
        content: p(
          "Mọi lệnh trên Edge Exchange đều được định giá và thanh toán theo giá thị trường. Hợp đồng giây mở ở giá thị trường tại " +
            "thời điểm lệnh của bạn được chấp nhận và thanh toán ở giá thị trường tại thời điểm đáo hạn.",
          "Phí được hiển thị trước khi bạn xác nhận, và mọi thay đổi số dư đều xuất hiện trong lịch sử của bạn.",
        ),
      },
    },
  },
  {
    id: 2,
    categoryId: ARTICLE_CATEGORY.banner,
    cover: "/banners/lockming.svg",
    link: "/lockming/lockming",
    sort: 2,
    ageDays: 20,
    texts: {
      en: {
        title: "Lock mining with clear terms",
        abstract: "Daily yield, term and early-redemption penalty are shown before you subscribe.",
        content: p(
          "Choose a fixed term, check the daily yield and the minimum amount, and subscribe. The locked amount stays in your account " +
            "as a held balance until the term ends.",
          "If you redeem early, the penalty is the published settlement ratio × remaining days × locked amount, and it is shown " +
            "before you confirm.",
        ),
      },
      zh: {
        title: "条款透明的锁仓挖矿",
        abstract: "日收益、期限和提前赎回违约金在申购前展示。",
        content: p(
          "选择固定期限，查看日收益和最低金额后即可申购。锁定金额在期限结束前作为冻结余额保留在您的账户中。",
          "如提前赎回，违约金 = 公布的结算比例 × 剩余天数 × 锁定金额，并在您确认前展示。",
        ),
      },
      hk: {
        title: "條款清晰的鎖倉挖礦",
        abstract: "日收益、期限及提前贖回罰金會在認購前顯示。",
        content: p(
          "選擇固定期限，查看日收益及最低金額後即可認購。鎖定金額在期限完結前會以凍結結餘的形式保留在您的帳戶中。",
          "如提前贖回，罰金 = 公佈的結算比例 × 剩餘天數 × 鎖定金額，並會在您確認前顯示。",
        ),
      },
      th: {
        title: "ล็อกขุดที่มีเงื่อนไขชัดเจน",
        abstract: "ผลตอบแทนรายวัน ระยะเวลา และค่าปรับไถ่ถอนก่อนกำหนด แสดงก่อนสมัคร",
        content: p(
          "เลือกระยะเวลาคงที่ ดูผลตอบแทนรายวันและจำนวนขั้นต่ำ แล้วสมัครได้เลย จำนวนที่ล็อกไว้จะยังอยู่ในบัญชีของคุณในสถานะยอดที่ถูกพักไว้จนกว่าจะครบกำหนด",
          "หากไถ่ถอนก่อนกำหนด ค่าปรับ = อัตราชำระที่ประกาศ × จำนวนวันที่เหลือ × จำนวนที่ล็อก และจะแสดงให้เห็นก่อนคุณยืนยัน",
        ),
      },
      jp: {
        title: "条件が明確なロックマイニング",
        abstract: "日次利回り、期間、早期解約ペナルティは申込前に表示されます。",
        content: p(
          "固定期間を選び、日次利回りと最低金額を確認して申し込みます。ロックした金額は期間終了まで拘束残高としてお客様の口座に残ります。",
          "早期解約する場合のペナルティは、公表された決済比率 × 残り日数 × ロック金額で、確定前に表示されます。",
        ),
      },
      kor: {
        title: "조건이 명확한 락업 마이닝",
        abstract: "일일 수익률, 기간, 중도 해지 위약금을 신청 전에 보여 드립니다.",
        content: p(
          "고정 기간을 선택하고 일일 수익률과 최소 금액을 확인한 뒤 신청하세요. 잠긴 금액은 기간이 끝날 때까지 동결 잔액으로 회원님의 계정에 남아 있습니다.",
          "중도 해지 시 위약금은 공시된 정산 비율 × 남은 일수 × 잠긴 금액이며, 확인 전에 표시됩니다.",
        ),
      },
      fra: {
        title: "Le minage bloqué, en toute clarté",
        abstract: "Rendement quotidien, durée et pénalité de remboursement anticipé affichés avant la souscription.",
        content: p(
          "Choisissez une durée fixe, consultez le rendement quotidien et le montant minimum, puis souscrivez. Le montant bloqué " +
            "reste sur votre compte sous forme de solde réservé jusqu'à la fin de la durée.",
          "En cas de remboursement anticipé, la pénalité est égale au ratio de règlement publié × jours restants × montant bloqué, " +
            "et elle est affichée avant votre confirmation.",
        ),
      },
      spa: {
        title: "Minería bloqueada con condiciones claras",
        abstract: "El rendimiento diario, el plazo y la penalización por rescate anticipado se muestran antes de suscribirse.",
        content: p(
          "Elija un plazo fijo, consulte el rendimiento diario y el importe mínimo, y suscríbase. El importe bloqueado permanece en " +
            "su cuenta como saldo retenido hasta que termine el plazo.",
          "Si rescata antes de tiempo, la penalización es la ratio de liquidación publicada × días restantes × importe bloqueado, y " +
            "se muestra antes de confirmar.",
        ),
      },
      vn: {
        title: "Khai thác khóa với điều khoản rõ ràng",
        abstract: "Lợi suất hằng ngày, kỳ hạn và phí phạt rút trước hạn được hiển thị trước khi đăng ký.",
        content: p(
          "Chọn kỳ hạn cố định, xem lợi suất hằng ngày và số tiền tối thiểu, rồi đăng ký. Số tiền bị khóa vẫn nằm trong tài khoản " +
            "của bạn dưới dạng số dư tạm giữ cho đến khi hết kỳ hạn.",
          "Nếu rút trước hạn, phí phạt = tỷ lệ thanh toán đã công bố × số ngày còn lại × số tiền bị khóa, và được hiển thị trước khi " +
            "bạn xác nhận.",
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
            "• Spot and futures trades: the fee rate is shown in the order panel, and the fee charged appears with each fill. " +
              "Futures positions held overnight pay the published overnight fee.",
            "• Seconds contracts: the fee and the payout ratio of each duration are shown before you confirm.",
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
            "• 现货与合约交易：下单面板显示手续费率，每笔成交都会显示实际收取的手续费；合约持仓过夜按公布的隔夜费率收费。",
            "• 秒合约：每个时长的手续费和收益率在您确认前展示。",
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
            "• 現貨及合約交易：落單面板會顯示手續費率，每筆成交都會顯示實際收取的手續費；合約倉位持倉過夜須按公佈的隔夜費率繳費。",
            "• 秒合約：每個時長的手續費及收益率會在您確認前顯示。",
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
            "• การซื้อขายสปอตและฟิวเจอร์ส: อัตราค่าธรรมเนียมแสดงในแผงส่งคำสั่ง " +
              "และค่าธรรมเนียมที่เรียกเก็บจะแสดงกับทุกการจับคู่คำสั่ง สถานะฟิวเจอร์สที่ถือข้ามคืนจะเสียค่าธรรมเนียมข้ามคืนตามที่ประกาศ",
            "• สัญญาวินาที: ค่าธรรมเนียมและอัตราผลตอบแทนของแต่ละช่วงเวลาแสดงก่อนที่คุณจะยืนยัน",
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
            "• 現物・先物取引：手数料率は注文パネルに表示され、約定ごとに実際の手数料が表示されます。先物ポジションを日をまたいで保有すると、公表されたオーバーナイト手数料がかかります。",
            "• 秒契約：各期間の手数料と配当率は確定前に表示されます。",
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
            "• 현물 및 선물 거래: 수수료율은 주문 패널에 표시되고, 체결마다 부과된 수수료가 표시됩니다. 선물 포지션을 다음 날까지 보유하면 공시된 오버나이트 수수료가 부과됩니다.",
            "• 초 계약: 각 기간의 수수료와 수익률은 확인 전에 표시됩니다.",
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
            "• Spot et contrats à terme : le taux de frais est affiché dans le panneau d'ordre, et les frais prélevés apparaissent " +
              "avec chaque exécution. Les positions à terme conservées d'un jour sur l'autre paient les frais de portage publiés.",
            "• Contrats à la seconde : les frais et le taux de gain de chaque durée sont affichés avant votre confirmation.",
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
            "• Operaciones spot y de futuros: la tasa de comisión se muestra en el panel de órdenes y la comisión cobrada aparece " +
              "con cada ejecución. Las posiciones de futuros mantenidas de un día para otro pagan la comisión nocturna publicada.",
            "• Contratos por segundos: la comisión y la tasa de pago de cada duración se muestran antes de confirmar.",
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
            "• Giao dịch giao ngay và hợp đồng tương lai: mức phí hiển thị trong bảng đặt lệnh, và phí thực thu hiển thị cùng mỗi " +
              "lần khớp lệnh. Vị thế hợp đồng tương lai giữ qua đêm chịu phí qua đêm đã công bố.",
            "• Hợp đồng giây: phí và tỷ lệ trả thưởng của từng thời hạn được hiển thị trước khi bạn xác nhận.",
            "• Rút tiền: phí của từng loại coin hiển thị trên trang rút tiền trước khi bạn xác nhận.",
            "• Chuyển tiền giữa các tài khoản của chính bạn được miễn phí.",
          ].join("\n"),
          "Nếu có thay đổi về phí, chúng tôi sẽ thông báo tại đây trước khi thay đổi có hiệu lực.",
        ),
      },
    },
  },
  {
    id: 12,
    categoryId: ARTICLE_CATEGORY.news,
    ageDays: 5,
    texts: {
      en: {
        title: "How seconds contracts are settled",
        abstract: "Opening price, expiry price and payout, explained.",
        content: p(
          "A seconds contract is a prediction that the price will be higher (up) or lower (down) after a fixed time.",
          [
            "• The opening price is the market price at the moment your order is accepted.",
            "• The settlement price is the market price at the expiry time, even if settlement runs a moment later.",
            "• If the prediction is right, you get your stake back plus the payout at the published ratio. If it is wrong, you lose " +
              "the amount set by the published terms of that duration, up to your whole stake. If the prices are equal, your stake is " +
              "returned.",
          ].join("\n"),
          "No one can set the result of an individual order. You can lose the full amount of every contract you open: only trade " +
            "with money you can afford to lose.",
        ),
      },
      zh: {
        title: "秒合约如何结算",
        abstract: "开仓价、到期价与收益说明。",
        content: p(
          "秒合约是对固定时间后价格更高（看涨）或更低（看跌）的预测。",
          [
            "• 开仓价是订单受理时的市场价格。",
            "• 结算价是到期时刻的市场价格，即使结算稍晚执行也是如此。",
            "• 预测正确，您将收回本金并获得按公布收益率计算的收益；预测错误，您将按该时长公布的条款损失资金，最多损失全部本金；价格相同则退还本金。",
          ].join("\n"),
          "任何人都无法设定单个订单的结果。您开立的每一份合约都可能损失全部金额，请仅使用您能承受损失的资金进行交易。",
        ),
      },
      hk: {
        title: "秒合約如何結算",
        abstract: "開倉價、到期價及收益說明。",
        content: p(
          "秒合約是對固定時間後價格會較高（看升）或較低（看跌）的預測。",
          [
            "• 開倉價是訂單受理時的市場價格。",
            "• 結算價是到期時刻的市場價格，即使結算稍後才執行亦然。",
            "• 預測正確，您會取回本金並獲得按公佈收益率計算的收益；預測錯誤，您會按該時長公佈的條款損失資金，最多損失全部本金；價格相同則退還本金。",
          ].join("\n"),
          "任何人都無法設定個別訂單的結果。您開立的每一張合約都可能損失全部金額，請只用您能承受損失的資金交易。",
        ),
      },
      th: {
        title: "สัญญาวินาทีชำระอย่างไร",
        abstract: "อธิบายราคาเปิด ราคาหมดอายุ และผลตอบแทน",
        content: p(
          "สัญญาวินาทีคือการคาดการณ์ว่าราคาจะสูงขึ้น (ขึ้น) หรือต่ำลง (ลง) หลังจากช่วงเวลาที่กำหนด",
          [
            "• ราคาเปิดคือราคาตลาดในขณะที่ระบบรับคำสั่งของคุณ",
            "• ราคาชำระคือราคาตลาด ณ เวลาหมดอายุ แม้การชำระจะดำเนินการช้ากว่านั้นเล็กน้อย",
            "• หากคาดการณ์ถูก คุณจะได้รับเงินต้นคืนพร้อมผลตอบแทนตามอัตราที่ประกาศ หากคาดการณ์ผิด " +
              "คุณจะเสียเงินตามเงื่อนไขที่ประกาศของช่วงเวลานั้น สูงสุดเท่ากับเงินต้นทั้งหมด หากราคาเท่ากัน จะคืนเงินต้นให้",
          ].join("\n"),
          "ไม่มีใครสามารถกำหนดผลลัพธ์ของคำสั่งใดคำสั่งหนึ่งได้ คุณอาจสูญเสียเงินทั้งหมดของทุกสัญญาที่เปิด โปรดซื้อขายด้วยเงินที่คุณรับความสูญเสียได้เท่านั้น",
        ),
      },
      jp: {
        title: "秒契約の決済方法",
        abstract: "始値、満期価格、配当について説明します。",
        content: p(
          "秒契約は、一定時間後に価格が上がる（上昇）か下がる（下落）かを予測する取引です。",
          [
            "• 始値は注文が受け付けられた時点の市場価格です。",
            "• 決済価格は満期時刻の市場価格です。決済処理が少し遅れて実行されても変わりません。",
            "• 予測が当たれば、元本と公表された配当率分の利益を受け取ります。外れた場合は、その期間の公表条件に従って損失が発生し、最大で元本全額を失います。価格が同じ場合は元本が返還されます。",
          ].join("\n"),
          "個別の注文の結果を誰かが操作することはできません。建てた契約はいずれも全額を失う可能性があります。失っても困らない資金でのみ取引してください。",
        ),
      },
      kor: {
        title: "초 계약의 정산 방식",
        abstract: "시작 가격, 만기 가격, 수익을 설명합니다.",
        content: p(
          "초 계약은 정해진 시간 후 가격이 오를지(상승) 내릴지(하락)를 예측하는 거래입니다.",
          [
            "• 시작 가격은 주문이 접수된 순간의 시장 가격입니다.",
            "• 정산 가격은 만기 시점의 시장 가격이며, 정산이 조금 늦게 실행되어도 같습니다.",
            "• 예측이 맞으면 원금과 공시된 수익률만큼의 수익을 받습니다. 틀리면 해당 기간의 공시 조건에 따라 손실이 발생하며 최대 원금 전액을 잃습니다. 가격이 같으면 원금을 돌려드립니다.",
          ].join("\n"),
          "누구도 개별 주문의 결과를 정할 수 없습니다. 개설한 모든 계약에서 전액을 잃을 수 있으니, 잃어도 감당할 수 있는 자금으로만 거래하세요.",
        ),
      },
      fra: {
        title: "Comment les contrats à la seconde sont réglés",
        abstract: "Prix d'ouverture, prix d'échéance et gain, expliqués.",
        content: p(
          "Un contrat à la seconde est une prévision : le prix sera-t-il plus haut (hausse) ou plus bas (baisse) après une durée fixe ?",
          [
            "• Le prix d'ouverture est le prix du marché au moment où votre ordre est accepté.",
            "• Le prix de règlement est le prix du marché à l'heure d'échéance, même si le règlement s'exécute un peu plus tard.",
            "• Si la prévision est juste, vous récupérez votre mise plus le gain au taux publié. Si elle est fausse, vous perdez le " +
              "montant prévu par les conditions publiées de cette durée, au maximum toute votre mise. Si les prix sont égaux, la mise " +
              "vous est rendue.",
          ].join("\n"),
          "Personne ne peut fixer le résultat d'un ordre particulier. Vous pouvez perdre la totalité de chaque contrat ouvert : ne " +
            "tradez qu'avec de l'argent que vous pouvez vous permettre de perdre.",
        ),
      },
      spa: {
        title: "Cómo se liquidan los contratos por segundos",
        abstract: "Precio de apertura, precio al vencimiento y pago, explicados.",
        content: p(
          "Un contrato por segundos es una predicción de que el precio será más alto (sube) o más bajo (baja) tras un tiempo fijo.",
          [
            "• El precio de apertura es el precio de mercado en el momento en que se acepta su orden.",
            "• El precio de liquidación es el precio de mercado a la hora de vencimiento, aunque la liquidación se ejecute un " +
              "instante después.",
            "• Si acierta, recupera su importe más el pago según la tasa publicada. Si falla, pierde lo que establezcan las " +
              "condiciones publicadas de esa duración, como máximo todo su importe. Si los precios son iguales, se le devuelve el " +
              "importe.",
          ].join("\n"),
          "Nadie puede fijar el resultado de una orden concreta. Puede perder el importe total de cada contrato que abra: opere solo " +
            "con dinero que pueda permitirse perder.",
        ),
      },
      vn: {
        title: "Hợp đồng giây được thanh toán như thế nào",
        abstract: "Giải thích giá mở, giá đáo hạn và khoản trả thưởng.",
        content: p(
          "Hợp đồng giây là dự đoán giá sẽ cao hơn (tăng) hay thấp hơn (giảm) sau một khoảng thời gian cố định.",
          [
            "• Giá mở là giá thị trường tại thời điểm lệnh của bạn được chấp nhận.",
            "• Giá thanh toán là giá thị trường tại thời điểm đáo hạn, kể cả khi việc thanh toán chạy chậm hơn một chút.",
            "• Nếu dự đoán đúng, bạn nhận lại tiền cược cùng khoản thưởng theo tỷ lệ đã công bố. Nếu sai, bạn mất số tiền theo điều " +
              "khoản đã công bố của thời hạn đó, tối đa toàn bộ tiền cược. Nếu giá bằng nhau, tiền cược được hoàn lại.",
          ].join("\n"),
          "Không ai có thể định trước kết quả của một lệnh cụ thể. Bạn có thể mất toàn bộ số tiền của mỗi hợp đồng đã mở: chỉ giao " +
            "dịch bằng số tiền bạn có thể chấp nhận mất.",
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
        "Contact us only through Customer service in the app. Check the withdrawal address before you confirm: transfers on a " +
          "blockchain cannot be reversed.",
        "Trading digital assets is risky. Prices can move quickly and you can lose money.",
      ),
    },
    zh: {
      title: "安全提醒",
      abstract: "切勿透露您的密码或验证码。",
      content: p(
        "切勿向任何人透露您的登录密码、交易密码或验证码，包括自称是我们工作人员的人。我们的工作人员绝不会向您索要这些信息。",
        "请仅通过 App 内的在线客服联系我们。确认提现前请核对提现地址：区块链上的转账无法撤回。",
        "数字资产交易存在风险。价格可能快速波动，您可能蒙受损失。",
      ),
    },
    hk: {
      title: "安全提示",
      abstract: "切勿透露您的密碼或驗證碼。",
      content: p(
        "切勿向任何人透露您的登入密碼、交易密碼或驗證碼，包括自稱是我們職員的人。我們的職員絕不會向您索取這些資料。",
        "請只透過 App 內的線上客服聯絡我們。確認提現前請核對提現地址：區塊鏈上的轉帳無法撤回。",
        "數碼資產交易涉及風險。價格可能急速波動，您可能蒙受損失。",
      ),
    },
    th: {
      title: "คำเตือนด้านความปลอดภัย",
      abstract: "ห้ามเปิดเผยรหัสผ่านหรือรหัสยืนยันของคุณ",
      content: p(
        "ห้ามเปิดเผยรหัสผ่าน รหัสผ่านการซื้อขาย หรือรหัสยืนยันแก่ผู้ใด รวมถึงผู้ที่อ้างว่าเป็นพนักงานของเรา พนักงานของเราจะไม่ขอข้อมูลเหล่านี้จากคุณ",
        "ติดต่อเราผ่านฝ่ายบริการลูกค้าในแอปเท่านั้น ตรวจสอบที่อยู่สำหรับถอนก่อนยืนยัน เพราะการโอนบนบล็อกเชนไม่สามารถย้อนกลับได้",
        "การซื้อขายสินทรัพย์ดิจิทัลมีความเสี่ยง ราคาอาจเปลี่ยนแปลงอย่างรวดเร็ว และคุณอาจขาดทุนได้",
      ),
    },
    jp: {
      title: "セキュリティに関するお知らせ",
      abstract: "パスワードや認証コードは誰にも教えないでください。",
      content: p(
        "パスワード、取引パスワード、認証コードは、当社スタッフを名乗る人を含め、誰にも教えないでください。当社スタッフがこれらを尋ねることはありません。",
        "お問い合わせはアプリ内のカスタマーサービスからのみ行ってください。出金前には出金先アドレスを確認してください。ブロックチェーン上の送金は取り消せません。",
        "デジタル資産の取引にはリスクがあります。価格は急変することがあり、損失が生じる可能性があります。",
      ),
    },
    kor: {
      title: "보안 안내",
      abstract: "비밀번호와 인증 코드는 절대 알려 주지 마세요.",
      content: p(
        "비밀번호, 거래 비밀번호, 인증 코드는 당사 직원을 사칭하는 사람을 포함해 누구에게도 알려 주지 마세요. 당사 직원은 절대 이를 요구하지 않습니다.",
        "문의는 앱 내 고객센터를 통해서만 해 주세요. 출금을 확인하기 전에 출금 주소를 꼭 확인하세요. 블록체인 송금은 되돌릴 수 없습니다.",
        "디지털 자산 거래에는 위험이 따릅니다. 가격이 빠르게 변할 수 있으며 손실을 입을 수 있습니다.",
      ),
    },
    fra: {
      title: "Rappel de sécurité",
      abstract: "Ne communiquez jamais vos mots de passe ni vos codes de vérification.",
      content: p(
        "Ne communiquez jamais votre mot de passe, votre mot de passe de transaction ou vos codes de vérification à qui que ce soit, " +
          "y compris à des personnes qui prétendent travailler pour nous. Notre équipe ne vous les demandera jamais.",
        "Contactez-nous uniquement via le service client de l'application. Vérifiez l'adresse de retrait avant de confirmer : un " +
          "transfert sur une blockchain est irréversible.",
        "Le trading d'actifs numériques est risqué. Les prix peuvent évoluer rapidement et vous pouvez perdre de l'argent.",
      ),
    },
    spa: {
      title: "Recordatorio de seguridad",
      abstract: "Nunca comparta sus contraseñas ni sus códigos de verificación.",
      content: p(
        "Nunca comparta su contraseña, su contraseña de operaciones ni sus códigos de verificación con nadie, ni siquiera con quien " +
          "diga trabajar para nosotros. Nuestro personal nunca se los pedirá.",
        "Contáctenos solo a través del servicio de atención al cliente de la aplicación. Compruebe la dirección de retiro antes de " +
          "confirmar: las transferencias en una blockchain no se pueden revertir.",
        "Operar con activos digitales es arriesgado. Los precios pueden moverse rápidamente y puede perder dinero.",
      ),
    },
    vn: {
      title: "Nhắc nhở bảo mật",
      abstract: "Không bao giờ chia sẻ mật khẩu hoặc mã xác minh.",
      content: p(
        "Tuyệt đối không chia sẻ mật khẩu, mật khẩu giao dịch hoặc mã xác minh với bất kỳ ai, kể cả người tự xưng là nhân viên của " +
          "chúng tôi. Nhân viên của chúng tôi sẽ không bao giờ hỏi những thông tin này.",
        "Chỉ liên hệ với chúng tôi qua bộ phận chăm sóc khách hàng trong ứng dụng. Kiểm tra địa chỉ rút tiền trước khi xác nhận: " +
          "giao dịch trên blockchain không thể đảo ngược.",
        "Giao dịch tài sản số có rủi ro. Giá có thể biến động nhanh và bạn có thể bị lỗ.",
      ),
    },
  },
};

export const NEWS_ARTICLES: SeedArticle[] = [...BANNERS, ...NEWS, POPUP];
