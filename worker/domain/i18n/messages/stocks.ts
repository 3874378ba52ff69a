import { defineMessages } from "./define.ts";

/** Stock contracts (NYSE hours). */
export const stocks = defineMessages({
  STOCK_MARKET_CLOSED: {
    en: "The stock market is closed (NYSE, 09:30–16:00 New York time, Monday to Friday); orders wait for the open",
    zh: "股市已休市（纽约证券交易所，纽约时间周一至周五 09:30–16:00），请在开市后下单",
    hk: "股市已休市（紐約證券交易所，紐約時間週一至週五 09:30–16:00），請在開市後下單",
    th: "ตลาดหุ้นปิดอยู่ (NYSE เวลา 09:30–16:00 ตามเวลานิวยอร์ก วันจันทร์ถึงวันศุกร์) กรุณารอตลาดเปิด",
    jp: "株式市場は閉場中です（NYSE、ニューヨーク時間 月〜金 09:30–16:00）。取引は開場後にお願いします",
    kor: "주식 시장이 마감되었습니다 (NYSE, 뉴욕 시간 월–금 09:30–16:00). 개장 후 주문하세요",
    fra: "La bourse est fermée (NYSE, 09:30–16:00 heure de New York, du lundi au vendredi) ; les ordres attendent l'ouverture",
    spa: "La bolsa está cerrada (NYSE, 09:30–16:00 hora de Nueva York, de lunes a viernes); las órdenes esperan a la apertura",
    vn: "Thị trường chứng khoán đang đóng cửa (NYSE, 09:30–16:00 giờ New York, thứ Hai đến thứ Sáu); lệnh chờ đến giờ mở cửa",
  },
});
